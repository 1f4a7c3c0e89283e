/**
 * Progress of a page call, for a client that asked for it (it sent a
 * progressToken): clients that reset their timeout on progress keep waiting
 * for a long call instead of giving up on it.
 */
import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';

/** How often a running call reports progress to a client that asked for it. */
export const PROGRESS_INTERVAL_MS = 2000;

/** Reports every few seconds until the returned function is called; without a token, never. */
export function reportProgress(
  token: string | number | undefined,
  tool: string,
  send: (notification: ServerNotification) => Promise<void>,
  intervalMs = PROGRESS_INTERVAL_MS
): () => void {
  if (token === undefined) {
    return () => {};
  }
  const started = Date.now();
  let count = 0;
  const timer = setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    void send({
      method: 'notifications/progress',
      params: { progressToken: token, progress: ++count, message: `${tool} is still running in the page (${seconds} s)` }
    }).catch(() => clearInterval(timer));
  }, intervalMs);
  return () => clearInterval(timer);
}
