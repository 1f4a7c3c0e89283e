/**
 * The page lite serves, as calls see it. The page it put in a browser itself
 * (--open, --headless) is on its way until it first connects, so a call waits
 * for it instead of answering no_page: a one-shot client's first call comes
 * milliseconds after the start, the page seconds later. Otherwise it says why
 * the page is not there, for the no_page text.
 */
import type { PageRouter } from '../hub/page-router.js';

/** How long a call waits for the page on its way: longer than a page takes to load (2–3 s), well under a client's timeout. */
export const PAGE_WAIT_MS = 20_000;

/** What the lite page needs of the router: the connected pages, and word when they change. */
export type ConnectedPages = Pick<PageRouter, 'onChange' | 'pages'>;

/** Which browser lite puts its page in: none (the person opens the printed URL), theirs (--open), or a headless Chromium. */
export type LiteBrowser = 'none' | 'open' | 'headless';

export type LitePageState =
  /** No browser was opened for it: the person opens the printed URL. */
  | { phase: 'by-hand' }
  /** In a browser, not connected yet. */
  | { phase: 'opening' }
  /** It will not come: its browser failed, or it did not connect in time; `why` in words for the agent. */
  | { phase: 'failed'; why: string }
  /** It connected (it may have gone since). */
  | { phase: 'arrived' };

export class LitePage {
  private current: LitePageState;
  private readonly listeners = new Set<() => void>();
  private readonly stopWatching: () => void;

  constructor(
    readonly browser: LiteBrowser,
    private readonly router: ConnectedPages,
    /** The scope the endpoint gives the lite page's sessions (its own token's). */
    scope: string
  ) {
    this.current = browser === 'none' ? { phase: 'by-hand' } : { phase: 'opening' };
    this.stopWatching = router.onChange(() => {
      if (router.pages().some((page) => page.scope === scope)) {
        this.current = { phase: 'arrived' };
      }
      this.changed();
    });
  }

  get state(): LitePageState {
    return this.current;
  }

  /** Its browser failed or quit: the page will not come (or is gone). */
  fail(why: string): void {
    this.current = { phase: 'failed', why };
    this.changed();
  }

  /**
   * Resolves once some page is connected, at once when none is on its way; at
   * the latest after `timeoutMs` (after which the page counts as not coming, so
   * later calls do not wait again) or when `signal` aborts.
   */
  arrival(signal: AbortSignal, timeoutMs = PAGE_WAIT_MS): Promise<void> {
    const waiting = () => this.current.phase === 'opening' && this.router.pages().length === 0 && !signal.aborted;
    if (!waiting()) {
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const check = () => {
        if (!waiting()) done();
      };
      const timer = setTimeout(() => {
        done();
        if (this.current.phase === 'opening') {
          this.fail(`has not connected within ${Math.round(timeoutMs / 1000)} s`);
        }
      }, timeoutMs);
      this.listeners.add(check);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  dispose(): void {
    this.stopWatching();
  }

  private changed(): void {
    for (const listener of [...this.listeners]) {
      listener();
    }
  }
}
