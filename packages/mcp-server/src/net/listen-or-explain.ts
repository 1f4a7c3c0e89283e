/**
 * Listening on a port, or saying why not: a busy port names what holds it
 * (port-holder.ts), in the words of the endpoint that wanted it, since each
 * has its own advice (the bridge endpoint, --http, the lite page).
 */
import type { Server } from 'node:net';
import { describePortHolder } from './port-holder.js';

export interface ListenAdvice {
  /** The port is taken by `holder` (in words). */
  busy(holder: string): string;
  /** Any other refusal: an address this machine does not have, no permission. */
  failed(message: string): string;
}

export function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The error to report for a failed listen on `port`. */
export async function explainListenError(error: unknown, port: number, advice: ListenAdvice): Promise<Error> {
  const { code, message } = error as NodeJS.ErrnoException;
  return new Error(code === 'EADDRINUSE' ? advice.busy(await describePortHolder(port)) : advice.failed(message));
}

export async function listenOrExplain(server: Server, host: string, port: number, advice: ListenAdvice): Promise<void> {
  try {
    await listen(server, host, port);
  } catch (error) {
    throw await explainListenError(error, port, advice);
  }
}
