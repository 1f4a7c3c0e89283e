/**
 * Tells the servers where the person is in their notebook whenever that
 * changes (SPEC §2.5): another notebook, active cell or selection of cells, or
 * another cursor or selection in the editor. Gathered over a moment, so typing
 * sends at most a few messages a second, and sent only when it changed.
 */
import type { INotebookTracker } from '@jupyterlab/notebook';
import type { PersonFocus } from '@jupyter-live-mcp/protocol';
import { notebookFocus } from './notebook-focus.js';

const GATHER_MS = 250;

export function watchNotebookFocus(
  tracker: INotebookTracker,
  normalize: (path: string) => string,
  shortIds: () => boolean,
  report: (focus: PersonFocus | null) => void
): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = '';
  const check = () => {
    timer = undefined;
    const focus = notebookFocus(tracker, normalize, shortIds());
    const now = JSON.stringify(focus);
    if (now !== last) {
      last = now;
      report(focus);
    }
  };
  const soon = () => {
    if (timer === undefined) {
      timer = setTimeout(check, GATHER_MS);
    }
  };
  tracker.currentChanged.connect(soon);
  tracker.activeCellChanged.connect(soon);
  tracker.selectionChanged.connect(soon);
  // The editor's cursor and selection: CodeMirror keeps the DOM selection in step with its own.
  document.addEventListener('selectionchange', soon);
  document.addEventListener('keyup', soon, true);
  document.addEventListener('pointerup', soon, true);
}
