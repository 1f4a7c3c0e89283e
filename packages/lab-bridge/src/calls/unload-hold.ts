/**
 * A call that ends as the page unloads is not answered: its outcome is often
 * the unload's own doing (a request cut off at the navigation, "Failed to
 * fetch"), and it would reach the server just before the socket closes. Left
 * unanswered, the call is answered by the server with page_disconnected, which
 * says it may or may not have finished.
 *
 * An unload starts with beforeunload, but the person may cancel it there (a
 * page with unsaved changes asks): so an answer ready after beforeunload is
 * held until pagehide (the page goes: the answer is dropped) or `holdMs` later
 * (the page stayed: it is sent). A page restored from the back-forward cache
 * (pageshow) answers again.
 */

/** The events it listens to, as a window sends them. */
export type PageLifecycle = Pick<EventTarget, 'addEventListener'>;

/** Resolves with the answer when it may be sent; never, if the page unloaded meanwhile. */
export type UnloadHold = <T>(answer: T) => Promise<T>;

export function holdWhileUnloading(page: PageLifecycle, holdMs = 2000, now: () => number = () => performance.now()): UnloadHold {
  let leavingAt = Number.NEGATIVE_INFINITY;
  let gone = false;
  page.addEventListener('beforeunload', () => {
    leavingAt = now();
  });
  page.addEventListener('pagehide', () => {
    gone = true;
  });
  page.addEventListener('pageshow', () => {
    gone = false;
    leavingAt = Number.NEGATIVE_INFINITY;
  });
  const never = new Promise<never>(() => {});
  return async (answer) => {
    const wait = leavingAt + holdMs - now();
    if (!gone && wait > 0) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return gone ? never : answer;
  };
}
