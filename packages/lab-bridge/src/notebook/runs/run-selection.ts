/**
 * Which cells run_cells runs, in which order: the ids listed (in their order),
 * a cell and every cell below it, or all of them. An id that is not there, or
 * listed twice, refuses the whole run before any cell runs. Pure.
 */
import type { NotebookCommandInput } from '@jupyter-live-mcp/protocol';
import { CommandFailure } from '../commands/command-failure.js';
import { missingCell } from '../cells/notebook-cells.js';

export type RunSelection = Pick<NotebookCommandInput<'runCells'>, 'cellIds' | 'fromCellId' | 'all'>;

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
