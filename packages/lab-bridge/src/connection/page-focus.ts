/**
 * Tells the servers when the person turns to this page or leaves it, so calls go
 * to the page they use (the most recently focused one). A click or a key press
 * counts as focus too: headless and embedded browsers do not always send focus
 * events.
 */

/** At most one "focused" report per this many ms while the person works in the page. */
const REPORT_EVERY_MS = 1000;

export function watchPageFocus(report: (focused: boolean) => void): void {
  let lastFocusReport = 0;
  const focused = () => {
    const now = Date.now();
    if (now - lastFocusReport >= REPORT_EVERY_MS) {
      lastFocusReport = now;
      report(true);
    }
  };
  const left = () => {
    lastFocusReport = 0;
    report(false);
  };
  window.addEventListener('focus', focused);
  window.addEventListener('pointerdown', focused, true);
  window.addEventListener('keydown', focused, true);
  window.addEventListener('blur', left);
  document.addEventListener('visibilitychange', () => (document.visibilityState === 'visible' ? focused() : left()));
}
