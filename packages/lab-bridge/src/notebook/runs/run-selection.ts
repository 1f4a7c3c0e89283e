/**
 * Which cells run_cells runs, in which order: the ids listed (in their order),
 * a cell and every cell below it, or all of them. An id that is not there, or
 * listed twice, refuses the whole run before any cell runs; and which cells
 * edit_notebook's `run` runs after its edits. Pure.
 */
import type { EDIT_NOTEBOOK, NotebookToolInput, RUN_CELLS } from '@jupyter-live-mcp/protocol';
import { CommandFailure } from '../commands/command-failure.js';
import { missingCell } from '../cells/notebook-cells.js';

export type RunSelection = Pick<NotebookToolInput<typeof RUN_CELLS>, 'cellIds' | 'fromCellId' | 'all'>;

export function cellsToRun(
  tool: string,
  path: string,
  cells: readonly { id: string; type: string }[],
  { cellIds, fromCellId }: RunSelection
): string[] {
  const ids = cells.map((cell) => cell.id);
  if (fromCellId !== undefined) {
    const from = ids.indexOf(fromCellId);
    if (from < 0) {
      throw missingCell(tool, path, fromCellId, cells);
    }
    return ids.slice(from);
  }
  if (cellIds === undefined) {
    return ids;
  }
  const twice = cellIds.find((id, at) => cellIds.indexOf(id) !== at);
  if (twice !== undefined) {
    throw new CommandFailure('bad_input', `${tool}: cellIds lists "${twice}" twice; each cell runs once per call.`);
  }
  const missing = cellIds.find((id) => !ids.includes(id));
  if (missing !== undefined) {
    throw missingCell(tool, path, missing, cells);
  }
  return [...cellIds];
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
