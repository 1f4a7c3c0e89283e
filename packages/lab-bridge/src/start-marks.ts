/**
 * Performance marks of the bridge's start in the page's timeline (User Timing,
 * `performance.getEntriesByType('mark')`, the Performance panel of the browser's
 * developer tools): `jupyter-live-mcp:activate` when JupyterLab activates the
 * plugin, `jupyter-live-mcp:activated` when its activate returns,
 * `jupyter-live-mcp:restored` when the app is restored (where the bridge starts
 * its connections) and `jupyter-live-mcp:welcome` when a server first welcomes
 * the page. Each is set once per page load. The bench
 * (bench/scenarios/page-start.ts) reads them to tell the bridge's main-thread
 * time before JupyterLab's `restored` from its time after it.
 */
export type StartStep = 'activate' | 'activated' | 'restored' | 'welcome';

export const START_MARK_PREFIX = 'jupyter-live-mcp:';

const marked = new Set<StartStep>();

export function markStart(step: StartStep): void {
  if (marked.has(step)) {
    return;
  }
  marked.add(step);
  // A page without User Timing (none JupyterLab supports lacks it) only misses the mark.
  globalThis.performance?.mark?.(`${START_MARK_PREFIX}${step}`);
}
