/**
 * add_cell, edit_cell, delete_cell and save_notebook. Edits change the live
 * notebook model the person sees (a notebook not open is opened first,
 * without taking focus: notebook-documents.ts) and stay unsaved until
 * save_notebook.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { ICellModel } from '@jupyterlab/cells';
import { succeed } from '@jupyter-live-mcp/protocol';
import { noNotebook } from '../commands/command-failure.js';
import { stat } from '../documents/contents-lookup.js';
import { addNotebookCommand } from '../commands/notebook-command.js';
import { cellsOf, findCell } from '../cells/notebook-cells.js';
import { openedNote, type NotebookDocuments } from '../documents/notebook-documents.js';
import { renderMarkdown } from '../runs/run-cell.js';

export function registerEditCommands(app: JupyterFrontEnd, documents: NotebookDocuments): void {
  addNotebookCommand(app, 'addCell', 'Add Cell', async (args, tool) => {
    const { content = '', cellType = 'code', position, referenceCellId } = args;
    const { notebook, opened } = await documents.hold(tool, documents.normalize(args.notebookPath));
    const shared = notebook.model.sharedModel;
    const cells = cellsOf(notebook.model);
    let index =
      referenceCellId === undefined
        ? position === 'above'
          ? 0
          : cells.length
        : findCell(tool, notebook, referenceCellId).index + (position === 'above' ? 0 : 1);
    // A new notebook's lone empty cell would otherwise stay above the agent's cells.
    const replaced = cells.length === 1 && isBlank(cells[0]!) ? cells[0]!.id : undefined;
    shared.transact(() => {
      if (replaced !== undefined) {
        index = 0;
        shared.insertCell(0, newCell(cellType, content));
        shared.deleteCell(1);
      } else {
        shared.insertCell(index, newCell(cellType, content));
      }
    });
    const cell = notebook.model.cells.get(index);
    renderMarkdown(notebook, index);
    return succeed({
      notebookPath: notebook.path,
      cellId: cell.id,
      index,
      type: cellType,
      position:
        replaced !== undefined
          ? 'replaced'
          : referenceCellId !== undefined
            ? (position ?? 'below')
            : index === 0 && position === 'above'
              ? 'start'
              : 'end',
      ...(referenceCellId !== undefined && replaced === undefined ? { referenceCellId } : {}),
      ...(replaced !== undefined
        ? {
            replacedCellId: replaced,
            message: `The notebook's only cell was empty, so the new cell took its place: cell "${replaced}" no longer exists.`
          }
        : {}),
      ...openedNote(notebook, opened)
    });
  });

  addNotebookCommand(app, 'editCell', 'Set Cell Content', async ({ notebookPath, cellId, content }, tool) => {
    const { notebook, opened } = await documents.hold(tool, documents.normalize(notebookPath));
    const { cell, index } = findCell(tool, notebook, cellId);
    cell.sharedModel.setSource(content);
    return succeed({ notebookPath: notebook.path, cellId: cell.id, index, type: cell.type, ...openedNote(notebook, opened) });
  });

  addNotebookCommand(app, 'deleteCell', 'Delete Cell', async ({ notebookPath, cellId }, tool) => {
    const { notebook, opened } = await documents.hold(tool, documents.normalize(notebookPath));
    const { cell, index } = findCell(tool, notebook, cellId);
    const id = cell.id;
    notebook.model.sharedModel.deleteCell(index);
    // As JupyterLab's own delete does: the kernel hears of deleted cells at the next run (debuggers use it).
    notebook.model.deletedCells.push(id);
    return succeed({
      notebookPath: notebook.path,
      cellId: id,
      index,
      remainingCells: notebook.model.cells.length,
      ...openedNote(notebook, opened)
    });
  });

  addNotebookCommand(app, 'saveNotebook', 'Save Notebook', async ({ notebookPath }, tool) => {
    const path = documents.normalize(notebookPath);
    const held = await documents.held(tool, path);
    if (!held) {
      if (!(await stat(app.serviceManager.contents, path))) {
        throw noNotebook(tool, path);
      }
      return succeed({
        notebookPath: path,
        saved: false,
        message: 'The page does not have this notebook open, so nothing of it is unsaved: the file is as it is.'
      });
    }
    await documents.save(held);
    return succeed({ notebookPath: held.path, saved: true });
  });
}

export function newCell(cellType: string, source: string) {
  // A cell the agent adds in this page is trusted, like one the person adds.
  return { cell_type: cellType as 'code', source, metadata: cellType === 'code' ? { trusted: true } : {} };
}

export function isBlank(cell: ICellModel): boolean {
  const outputs = (cell as { outputs?: { length: number } }).outputs;
  return cell.sharedModel.getSource().trim() === '' && !outputs?.length;
}
