/**
 * After a takeover the pages are on their way back (a page reconnects within
 * about 2 s of its server going): a call that finds none waits for them a
 * little instead of answering no_page.
 */
import type { PageRouter } from '../hub/page-router.js';

/** Longer than a page's reconnect backoff at first (under 2 s), short of a client's patience. */
export const PAGES_RETURN_MS = 10_000;

export interface ExpectedPages {
  /** Resolves once a page is connected, at once if none is expected any more. */
  arrival(signal: AbortSignal): Promise<void>;
}

export function pagesReturning(router: Pick<PageRouter, 'onChange' | 'pages'>, withinMs = PAGES_RETURN_MS): ExpectedPages {
  const until = performance.now() + withinMs;
  return {
    arrival(signal) {
      const left = until - performance.now();
      if (left <= 0 || router.pages().length > 0 || signal.aborted) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          stop();
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, left);
        const stop = router.onChange(() => {
          if (router.pages().length > 0) done();
        });
        signal.addEventListener('abort', done, { once: true });
      });
    }
  };
}
