/**
 * The cells of a notebook model, read as the notebook tools answer them, and
 * found by the id the agent gave (its whole id or a start of it, protocol's
 * cell-ids.ts): a missing id is an error that lists the ids there are.
 */
import type { ICellModel, ICodeCellModel } from '@jupyterlab/cells';
import type { INotebookModel } from '@jupyterlab/notebook';
import { findCellId, sharedStartMessage } from '@jupyter-live-mcp/protocol';
import { CommandFailure } from '../commands/command-failure.js';
import { describeCellIds } from './cell-ids.js';
import type { CellLike } from './cell-views.js';
import type { HeldNotebook } from './held-notebook.js';

export function cellsOf(model: INotebookModel): ICellModel[] {
  return Array.from({ length: model.cells.length }, (_, index) => model.cells.get(index));
}

export function cellLike(cell: ICellModel): CellLike {
  const like: CellLike = { id: cell.id, cell_type: cell.type, source: cell.sharedModel.getSource() };
  if (cell.type === 'code') {
    const code = cell as ICodeCellModel;
    like.execution_count = code.executionCount;
    like.outputs = code.outputs.toJSON();
  }
  return like;
}

/** The cell with `cellId`, or the notebook's active cell when no id is given. */
export function findCell(tool: string, notebook: HeldNotebook, cellId: string | undefined): { cell: ICellModel; index: number } {
  const cells = cellsOf(notebook.model);
  if (cellId === undefined) {
    const active = notebook.panel?.content.activeCell;
    const index = active ? cells.indexOf(active.model) : -1;
    if (index < 0) {
      throw new CommandFailure(
        'bad_input',
        `${tool}: without cellId it acts on the active cell, and "${notebook.path}" has none in this page: pass cellId. ` +
          describeCellIds(cells.map(idAndType))
      );
    }
    return { cell: cells[index]!, index };
  }
  const index = indexOfCell(tool, notebook.path, cells.map(idAndType), cellId);
  return { cell: cells[index]!, index };
}

/** Where among `cells` is the cell `given` names (its id, or a start one id alone has); else a failure that says why. */
export function indexOfCell(tool: string, path: string, cells: readonly { id: string; type: string }[], given: string): number {
  const ids = cells.map((cell) => cell.id);
  const found = findCellId(ids, given);
  if (!found) {
    throw missingCell(tool, path, given, cells);
  }
  if ('among' in found) {
    throw new CommandFailure('bad_input', `${tool}: "${path}": ${sharedStartMessage(given, found.among)}`);
  }
  return ids.indexOf(found.id);
}

function missingCell(tool: string, path: string, cellId: string, cells: readonly { id: string; type: string }[]): CommandFailure {
  return new CommandFailure('not_found', `${tool}: "${path}" has no cell with id "${cellId}". ${describeCellIds(cells)}`);
}

function idAndType(cell: ICellModel): { id: string; type: string } {
  return { id: cell.id, type: cell.type };
}
