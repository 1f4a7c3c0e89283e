/**
 * The origins `jupyter-live-mcp pair` paired (pages from another host) and
 * their own tokens, as config.json says: read again when a page of an origin
 * not otherwise allowed arrives, so a server that is running learns of a
 * pairing (or a --rotate) made after it started. A second of caching bounds
 * what a stranger's flood of upgrades costs.
 */

export const PAIRED_ORIGINS_CACHE_MS = 1_000;

export class PairedOrigins {
  private cached: { at: number; origins: Promise<Readonly<Record<string, string>>> } | undefined;

  constructor(
    private readonly read: () => Promise<Readonly<Record<string, string>>>,
    private readonly now: () => number = () => performance.now()
  ) {}

  /** The token pages of `origin` prove, if it was paired. */
  async tokenOf(origin: string): Promise<string | undefined> {
    const origins = await this.current();
    return Object.hasOwn(origins, origin) ? origins[origin] : undefined;
  }

  /** The paired origins (for what a call that finds no page is told). */
  async origins(): Promise<string[]> {
    return Object.keys(await this.current());
  }

  private current(): Promise<Readonly<Record<string, string>>> {
    if (!this.cached || this.now() - this.cached.at >= PAIRED_ORIGINS_CACHE_MS) {
      this.cached = { at: this.now(), origins: this.read() };
    }
    return this.cached.origins;
  }
}
