/**
 * Progress of a call, for a client that asked for it (it sent a progressToken):
 * clients that reset their timeout on progress keep waiting for a long call
 * instead of giving up on it. One reporter serves the whole call, so its count
 * keeps rising (as MCP requires) when the call goes from one wait to the next.
 */
import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';

/** How often a running call reports progress to a client that asked for it. */
export const PROGRESS_INTERVAL_MS = 2000;

export interface CallProgress {
  /** What the notifications say from now on, given the seconds since the call began; undefined sends none that time. */
  say(message: (seconds: number) => string | undefined): void;
  stop(): void;
}

/** Reports `message` every few seconds until stopped; without a token, never. */
export function reportProgress(
  token: string | number | undefined,
  message: (seconds: number) => string | undefined,
  send: (notification: ServerNotification) => Promise<void>,
  intervalMs = PROGRESS_INTERVAL_MS
): CallProgress {
  if (token === undefined) {
    return { say: () => {}, stop: () => {} };
  }
  const started = Date.now();
  let count = 0;
  const timer = setInterval(() => {
    const said = message(Math.round((Date.now() - started) / 1000));
    if (said === undefined) {
      return;
    }
    void send({
      method: 'notifications/progress',
      params: { progressToken: token, progress: ++count, message: said }
    }).catch(() => clearInterval(timer));
  }, intervalMs);
  return {
    say: (next) => {
      message = next;
    },
    stop: () => clearInterval(timer)
  };
}

/** What a call that runs in the page reports. */
export const runningInPage =
  (tool: string) =>
  (seconds: number): string =>
    `${tool} is still running in the page (${seconds} s)`;

/** `message` while the page's script answers; nothing while it does not: a stuck page is not working on the call. */
export const whileAnswering =
  (page: { readonly answering: boolean }, message: (seconds: number) => string) =>
  (seconds: number): string | undefined =>
    page.answering ? message(seconds) : undefined;
