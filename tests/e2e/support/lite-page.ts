/**
 * What the `jupyter-live-mcp lite` tests share: the page URL the server prints,
 * waiting for its page to answer, and the processes of the headless Chromium it
 * starts (found by the per-test config folder its profile lives in).
 */
import { readdir, readFile } from 'node:fs/promises';
import type { McpAgent, McpSession } from './mcp-session.js';
import { waitFor } from './wait-for.js';

/** The URL `lite` printed on stderr, with the per-run secret. */
export function printedPageUrl(session: McpSession): URL {
  const match = /http:\/\/127\.0\.0\.1:\d+\/lab\/\?token=[0-9a-f]{64}/.exec(session.stderr());
  if (!match) {
    throw new Error(`lite printed no page URL. Its stderr:\n${session.stderr()}`);
  }
  return new URL(match[0]);
}

/** get_context's result once the page has connected (calls answer no_page until then). */
export async function waitForPageContext(
  session: Pick<McpAgent, 'call'> & Pick<McpSession, 'stderr'>,
  timeoutMs = 90_000
): Promise<Record<string, unknown>> {
  let last: Record<string, unknown> = {};
  const answer = await waitFor(
    'get_context answering',
    async () => {
      last = (await session.call('get_context')).result;
      return last.success || last.code !== 'no_page' ? last : undefined;
    },
    timeoutMs
  ).catch(() => last);
  if (!answer.success) {
    throw new Error(`get_context: ${JSON.stringify(answer)}\nServer stderr:\n${session.stderr()}`);
  }
  return answer;
}

/** Pids of the processes whose command line mentions `text`. */
export async function processesMentioning(text: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const commandLine = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes(text)) pids.push(Number(entry));
  }
  return pids;
}

/** Resolves once no process mentions `text`; rejects with the ones left after `timeoutMs`. */
export async function waitUntilGone(text: string, timeoutMs = 15_000): Promise<void> {
  let left: number[] = [];
  await waitFor(
    'the processes to end',
    async () => {
      left = await processesMentioning(text);
      return left.length === 0;
    },
    timeoutMs
  ).catch(() => {
    throw new Error(`processes still running ${timeoutMs} ms later: ${left.join(', ')}`);
  });
}
