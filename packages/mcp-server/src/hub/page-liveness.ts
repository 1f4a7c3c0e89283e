/**
 * Whether a page's script still runs. A browser answers WebSocket pings by
 * itself (its network service), so a page stuck in a busy loop, or whose
 * renderer is stopped, still looks connected. A page the welcome asked answers
 * each heartbeat with `alive` from its script; once it has, a page silent for a
 * heartbeat period (and a probe's grace) is unresponsive and dropped, and one silent for a few seconds
 * is not working on any call (its calls report no progress). A page that never
 * said `alive` (an older bridge) is judged by pings alone, as before. Pure: the
 * session feeds it the time.
 */

/** How often a page with calls in flight is asked: a stuck page is found within a period plus this. */
export const PROBE_WHILE_CALLING_MS = 2_000;

export class PageLiveness {
  private answers = false;
  private lastAlive = 0;

  constructor(
    /** The heartbeat period: silent longer than this, the page is unresponsive. */
    private readonly periodMs: number,
    private readonly now: () => number = () => performance.now()
  ) {}

  /** The page's script said `alive`. */
  alive(): void {
    this.answers = true;
    this.lastAlive = this.now();
  }

  /** Whether the page answers heartbeats from its script (a bridge of this protocol whose welcome asked). */
  get answersHeartbeats(): boolean {
    return this.answers;
  }

  /** Seconds the script has been silent, when that is longer than a period and a probe's grace (its answer may be on its way); else undefined. */
  silentSeconds(): number | undefined {
    const silent = this.now() - this.lastAlive;
    return this.answers && silent > this.periodMs + this.probeMs() ? Math.round(silent / 1000) : undefined;
  }

  /** Whether the page may be working on its calls: its script answered lately, or it is judged by pings alone. */
  get working(): boolean {
    // Two probes missed, and some: the page is not working on its calls.
    return !this.answers || this.now() - this.lastAlive < 2 * this.probeMs() + 500;
  }

  /** Whether the script answered within a probe's period: the probe's first ask comes soon enough for a call starting now. */
  get answeredLately(): boolean {
    return this.answers && this.now() - this.lastAlive < this.probeMs();
  }

  /** How often to ask a page with calls in flight. */
  probeMs(): number {
    return Math.min(PROBE_WHILE_CALLING_MS, this.periodMs / 2);
  }
}
