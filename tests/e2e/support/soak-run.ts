/**
 * The soak (`scripts/pnpm soak`, and a short one in tests/e2e/soak.test.ts):
 * calls, four in flight, execute_code and write_file, from a real MCP client to
 * a real JupyterLab page, with a reload of the page a third of the way in and a
 * restart of the server (as an MCP client restarts it, on the same port) two
 * thirds in. Each call carries its own marker, which its answer must name (and
 * a write's file must hold): a call is right, or failed with a clear code
 * (page_disconnected, no_page) or cut by the restart; never lost (no answer
 * within a bound) or misrouted (another call's answer). Those are its problems.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomHex } from '@jupyter-live-mcp/protocol';
import { startLabWithAgent, type LabWithAgent } from './lab-with-agent.js';
import { startMcpSession, type McpSession } from './mcp-session.js';
import { waitFor } from './wait-for.js';

const IN_FLIGHT = 4;
/** Longer than any call here takes on a loaded machine; a call not answered by then is lost. */
const ANSWER_WITHIN_MS = 60_000;
/** What an answer may be, besides right: the clear failures a reload or a restart brings. */
const CLEAR_CODES = ['page_disconnected', 'no_page'];

/** The soak's three stretches, whose verdicts it also counts apart. */
export const SOAK_PHASES = ['calls before the reload', 'between the reload and the restart', 'after the restart'] as const;

type Verdict = 'right' | 'misrouted' | 'lost' | 'cut by the restart' | `failed: ${string}` | `unclear: ${string}`;

export interface Soak {
  calls: number;
  seconds: number;
  /** Verdicts counted, overall and per phase (before the reload, between, after the restart). */
  verdicts: Record<string, number>;
  phases: Record<string, Record<string, number>>;
  /** How long the page took to answer again after the reload and after the restart. */
  backAfterReloadMs: number;
  backAfterRestartMs: number;
  problems: string[];
}

/** Runs `calls` calls (at least 3) against a JupyterLab page of its own, started and stopped here. */
export async function runSoak({ calls: total, progress = () => {} }: { calls: number; progress?: (line: string) => void }): Promise<Soak> {
  const setup = await startLabWithAgent({ bridgeSettings: { pendingAfterSeconds: 120 } });
  try {
    await setup.open();
    const notebook = 'soak.ipynb';
    await setup.openNewNotebook(notebook);
    const kernelId = await waitFor("the soak notebook's kernel", async () => {
      const widgets = (await setup.mcp.ok('get_context')).widgets as { path?: string; kernel?: { id: string; status: string } }[];
      const kernel = widgets.find((widget) => widget.path === notebook)?.kernel;
      return kernel?.status === 'idle' ? kernel.id : undefined;
    });
    return await soakCalls(setup, kernelId, total, progress);
  } finally {
    await setup.stop();
  }
}

async function soakCalls(setup: LabWithAgent, kernelId: string, total: number, log: (line: string) => void): Promise<Soak> {
  const soak: Soak = { calls: 0, seconds: 0, verdicts: {}, phases: {}, backAfterReloadMs: 0, backAfterRestartMs: 0, problems: [] };
  const run = randomHex(4);
  const reloadAt = Math.round(total / 3);
  const restartAt = Math.round((2 * total) / 3);
  /** The session calls go to; while the server restarts, the next one. */
  let session: Promise<McpSession> = Promise.resolve(setup.mcp);
  let restarting = false;
  /** Resolves once the page answers again after the last reload or restart: a call answered no_page waits for it, as an agent would retry later. */
  let pageBack: Promise<void> = Promise.resolve();
  const events: Promise<void>[] = [];
  let next = 0;

  const reload = async () => {
    log(`soak: reloading the page (call ${reloadAt})`);
    const started = performance.now();
    await setup.page.reload();
    await waitFor('the page after its reload', async () => (await (await session).call('get_context')).result.success === true, 60_000);
    soak.backAfterReloadMs = performance.now() - started;
  };
  const restart = async () => {
    log(`soak: restarting the server (call ${restartAt})`);
    const { port, configDir, token } = setup.mcp;
    restarting = true;
    let ready: (value: McpSession) => void = () => {};
    let failed: (error: unknown) => void = () => {};
    session = new Promise((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    const started = performance.now();
    try {
      await setup.mcp.close();
      setup.mcp = await startMcpSession({ port, configDir, token });
    } catch (error) {
      // The calls waiting for the new server end with this error, rather than wait for ever.
      failed(error);
      throw error;
    } finally {
      restarting = false;
    }
    ready(setup.mcp);
    await waitFor('the page after the server restart', async () => (await setup.mcp.call('get_context')).result.success === true, 60_000);
    soak.backAfterRestartMs = performance.now() - started;
  };

  const call = async (index: number): Promise<Verdict> => {
    const marker = `soak-${run}-${index}`;
    const mcp = await session;
    const byCode = index % 3 !== 2;
    const request = byCode
      ? mcp.call('execute_code', { kernelId, code: `print(${JSON.stringify(marker)})` })
      : // A path with a leading slash, which the page drops: the answer then names the file (it repeats no input as sent).
        mcp.call('write_file', { filePath: `/${marker}.txt`, content: `${marker}\n` });
    // A call given up on as lost may still fail later: nobody waits for that.
    request.catch(() => {});
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'lost'>((resolve) => (timer = setTimeout(() => resolve('lost'), ANSWER_WITHIN_MS)));
    try {
      const answer = await Promise.race([request, late]);
      if (answer === 'lost') return 'lost';
      const { result } = answer;
      if (result.success !== true) {
        const code = String(result.code);
        return CLEAR_CODES.includes(code) ? `failed: ${code}` : `unclear: ${code} (${String(result.error).slice(0, 200)})`;
      }
      if (byCode) {
        // The answer must name this call: its printed marker.
        const printed = ((result.outputs ?? []) as { text?: string }[]).map((output) => output.text ?? '').join('');
        return printed === `${marker}\n` ? 'right' : 'misrouted';
      }
      // The answer must name this call's file, and the file on disk hold its marker.
      const written = await readFile(path.join(setup.site.rootDir!, `${marker}.txt`), 'utf8').catch(() => undefined);
      return result.filePath === `${marker}.txt` && written === `${marker}\n` ? 'right' : 'misrouted';
    } catch (error) {
      // The restart closes the client: its calls in flight end with it.
      const message = error instanceof Error ? error.message : String(error);
      return restarting || mcp !== setup.mcp ? 'cut by the restart' : `unclear: ${message.slice(0, 200)}`;
    } finally {
      clearTimeout(timer);
    }
  };

  const worker = async () => {
    while (next < total) {
      const index = next++;
      const disruption = index === reloadAt ? reload : index === restartAt ? restart : undefined;
      if (disruption) {
        pageBack = disruption();
        // Its failure is the soak's (Promise.all below), not an unhandled rejection while no worker waits for it.
        pageBack.catch(() => {});
        events.push(pageBack);
      }
      const phase = SOAK_PHASES[index < reloadAt ? 0 : index < restartAt ? 1 : 2];
      const verdict = await call(index);
      soak.calls++;
      soak.verdicts[verdict] = (soak.verdicts[verdict] ?? 0) + 1;
      soak.phases[phase] = { ...soak.phases[phase], [verdict]: (soak.phases[phase]?.[verdict] ?? 0) + 1 };
      if (verdict === 'lost' || verdict === 'misrouted' || verdict.startsWith('unclear')) {
        soak.problems.push(`call ${index}: ${verdict}`);
      }
      if (soak.calls % 100 === 0) log(`soak: ${soak.calls} calls`);
      if (verdict === 'failed: no_page') await pageBack;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  await Promise.all(events);
  soak.seconds = (performance.now() - started) / 1000;
  return soak;
}
