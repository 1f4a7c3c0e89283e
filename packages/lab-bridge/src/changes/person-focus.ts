/**
 * Where the person is in their notebook (SPEC §2.5), for get_context and the
 * MCP resources: the notebook they last worked in, its active cell, the cells
 * they selected and the cursor and selection in the active cell's editor
 * (editor-state.ts bounds the text). So an agent told "this cell" or "these
 * rows" can know what is meant. Pure.
 */
import { MAX_FOCUS_CELLS, shortCellIds, type EditorState, type PersonFocus } from '@jupyter-live-mcp/protocol';

/** The notebook as the page shows it to the person. */
export interface NotebookFocusView {
  path: string;
  /** -1: no active cell. */
  activeIndex: number;
  cells: readonly { id: string; selected: boolean }[];
  /** The active cell's editor, when it has one. */
  editor?: EditorState;
  /** Cell ids shown short, as the bridge's notebook tools show them (not for another extension's tools, which take whole ids). */
  shortIds?: boolean;
}

export function personFocus(view: NotebookFocusView): PersonFocus {
  const active = view.cells[view.activeIndex];
  const shown = view.shortIds ? shortCellIds(view.cells.map((cell) => cell.id)) : undefined;
  const idOf = (id: string) => shown?.get(id) ?? id;
  const selected = view.cells.flatMap((cell, index) => (cell.selected || index === view.activeIndex ? [{ id: idOf(cell.id), index }] : []));
  return {
    notebookPath: view.path,
    ...(active ? { activeCell: { id: idOf(active.id), index: view.activeIndex } } : {}),
    selectedCells: selected.slice(0, MAX_FOCUS_CELLS),
    ...(selected.length > MAX_FOCUS_CELLS ? { selectedCount: selected.length } : {}),
    ...(active && view.editor ? { editor: view.editor } : {})
  };
}
