/**
 * The person's focus read from the page: the notebook tracker's current
 * notebook (the one they last worked in, even while another widget is in
 * front), its active and selected cells and the active cell's editor.
 * `shortIds`: the cell ids as the bridge's notebook tools show them.
 */
import type { INotebookTracker } from '@jupyterlab/notebook';
import type { PersonFocus } from '@jupyter-live-mcp/protocol';
import { personFocus } from '../changes/person-focus.js';
import { editorState } from './editor-state.js';

export function notebookFocus(tracker: INotebookTracker, normalize: (path: string) => string, shortIds: boolean): PersonFocus | null {
  const panel = tracker.currentWidget;
  if (!panel || panel.isDisposed) {
    return null;
  }
  const notebook = panel.content;
  const editor = notebook.activeCell?.editor;
  return personFocus({
    path: normalize(panel.context.path),
    activeIndex: notebook.activeCellIndex,
    cells: notebook.widgets.map((cell) => ({ id: cell.model.id, selected: notebook.isSelectedOrActive(cell) })),
    shortIds,
    ...(editor ? { editor: editorState(editor.model.sharedModel.getSource(), editor.getCursorPosition(), editor.getSelection()) } : {})
  });
}
