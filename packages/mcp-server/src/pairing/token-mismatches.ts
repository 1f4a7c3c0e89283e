/**
 * Pages refused because their pairing token is not this server's. Such a page
 * retries every second or two for as long as it is open, so the person's log
 * gets one line per origin a minute, saying how many it left out; and a call
 * that finds no page hears of the latest (no_page), which is the likeliest
 * reason it found none.
 */
import { printable } from '@jupyter-live-mcp/protocol';

/** How often one origin's refusals are logged, and how long the latest counts as recent. */
export const MISMATCH_LOG_INTERVAL_MS = 60_000;

/** Origins remembered at once: any loopback port is an origin of its own, so a stranger could make many. */
const MAX_ORIGINS = 64;

export class TokenMismatches {
  /** By origin ('' without an Origin header): when it was last logged, and how many refusals since. */
  private readonly byOrigin = new Map<string, { loggedAt: number; leftOut: number }>();
  private latest: { origin: string; at: number } | undefined;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A page from `origin` was refused: whether to log it now, and how many refusals from there that log left out before. */
  refused(origin: string): { log: boolean; leftOut: number } {
    const now = this.now();
    this.latest = { origin, at: now };
    const seen = this.byOrigin.get(origin);
    if (seen && now - seen.loggedAt < MISMATCH_LOG_INTERVAL_MS) {
      seen.leftOut++;
      return { log: false, leftOut: 0 };
    }
    // Oldest first: Map keeps insertion order, and an origin logged again goes to the end.
    this.byOrigin.delete(origin);
    if (this.byOrigin.size >= MAX_ORIGINS) {
      this.byOrigin.delete(this.byOrigin.keys().next().value!);
    }
    this.byOrigin.set(origin, { loggedAt: now, leftOut: 0 });
    return { log: true, leftOut: seen?.leftOut ?? 0 };
  }

  /** A page from `origin` proved the token: it is fixed. */
  paired(origin: string): void {
    this.byOrigin.delete(origin);
    if (this.latest?.origin === origin) {
      this.latest = undefined;
    }
  }

  /** The origin of the latest page refused within the last minute, if any. */
  recent(): string | undefined {
    return this.latest && this.now() - this.latest.at < MISMATCH_LOG_INTERVAL_MS ? this.latest.origin : undefined;
  }
}

/** Where a refused page came from, in words: its Origin, or none (not a browser). */
export function mismatchSource(origin: string): string {
  return origin ? `from ${printable(origin)}` : 'without an Origin header';
}

/** What the person does about a page refused for its token; a page of a token of its own (lite's) is one of another run. */
export function mismatchFix(ownToken: boolean): string {
  return ownToken
    ? 'it is a lite page of another run (another config folder?): close that tab and open the URL this run printed'
    : 'put what "jupyter-live-mcp token" prints into the bridge\'s setting Settings → Agent bridge → Pairing token, ' +
        'or run "jupyter-live-mcp install", then reload the page';
}
