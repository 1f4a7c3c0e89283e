/**
 * Which cells run_cells runs, in which order: the ids listed (in their order),
 * a cell and every cell below it, or all of them. An id that is not there (or
 * a start of several), or a cell listed twice, refuses the whole run before
 * any cell runs; and which cells
 * edit_notebook's `run` runs after its edits. Pure.
 */
import type { EDIT_NOTEBOOK, NotebookToolInput, RUN_CELLS } from '@jupyter-live-mcp/protocol';
import { CommandFailure } from '../commands/command-failure.js';
import { indexOfCell } from '../cells/notebook-cells.js';

export type RunSelection = Pick<NotebookToolInput<typeof RUN_CELLS>, 'cellIds' | 'fromCellId' | 'all'>;

export function cellsToRun(
  tool: string,
  path: string,
  cells: readonly { id: string; type: string }[],
  { cellIds, fromCellId }: RunSelection
): string[] {
  const ids = cells.map((cell) => cell.id);
  if (fromCellId !== undefined) {
    return ids.slice(indexOfCell(tool, path, cells, fromCellId));
  }
  if (cellIds === undefined) {
    return ids;
  }
  const selected = cellIds.map((given) => ids[indexOfCell(tool, path, cells, given)]!);
  const twice = selected.findIndex((id, at) => selected.indexOf(id) !== at);
  if (twice >= 0) {
    throw new CommandFailure('bad_input', `${tool}: cellIds lists "${cellIds[twice]}" twice; each cell runs once per call.`);
  }
  return selected;
}

/** The cells `run` runs after the edits: those added or changed, or all from the first of them down. */
export function cellsToRunAfter(
  run: NonNullable<NotebookToolInput<typeof EDIT_NOTEBOOK>['run']>,
  cells: readonly { id: string }[],
  changed: readonly number[]
): string[] {
  const indexes = [...changed].sort((a, b) => a - b);
  const from = indexes[0];
  if (from === undefined) {
    return [];
  }
  return (run === 'edited' ? indexes.map((index) => cells[index]!) : cells.slice(from)).map((cell) => cell.id);
}
