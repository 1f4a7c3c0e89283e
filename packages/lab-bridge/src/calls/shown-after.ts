/**
 * A mark of the agent's work shown only once the work has lasted a moment:
 * a call that ends sooner would only flash it, and each mark and unmark makes
 * the page restyle the notebook, which costs a fast call more than the call
 * itself (run_cell 1+1: about 1.4 ms of its 55).
 */

/** How long work goes on before the person is shown it. */
export const SHOW_WORK_AFTER_MS = 150;

/** Calls `show` after `ms` unless the function returned (which takes the mark away) is called first. */
export function shownAfter(show: () => () => void, ms = SHOW_WORK_AFTER_MS): () => void {
  let hide: (() => void) | undefined;
  const timer = setTimeout(() => {
    hide = show();
  }, ms);
  return () => {
    clearTimeout(timer);
    hide?.();
    hide = undefined;
  };
}
