/**
 * add_cell, edit_cell, delete_cell and save_notebook. Edits change the live
 * notebook model the person sees (a notebook not open is opened first,
 * without taking focus: notebook-documents.ts) and stay unsaved until
 * save_notebook.
 */
import type { ICellModel } from '@jupyterlab/cells';
import { ADD_CELL, DELETE_CELL, EDIT_CELL, SAVE_NOTEBOOK, succeed } from '@jupyter-live-mcp/protocol';
import { noNotebook } from '../commands/command-failure.js';
import { stat } from '../documents/contents-lookup.js';
import { notebookTool } from '../commands/notebook-tool.js';
import type { NotebookParts } from '../documents/notebook-parts.js';
import { cellsOf, findCell } from '../cells/notebook-cells.js';
import { openedNote, type NotebookDocuments } from '../documents/notebook-documents.js';
import { renderMarkdown } from '../runs/run-cell.js';

export const addCellTool = notebookTool(ADD_CELL, async (args, { documents }: NotebookParts, { tool, caller }) => {
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
  documents.changes.authors.by(caller?.key, () =>
    shared.transact(() => {
      if (replaced !== undefined) {
        index = 0;
        shared.insertCell(0, newCell(cellType, content));
        shared.deleteCell(1);
      } else {
        shared.insertCell(index, newCell(cellType, content));
      }
    })
  );
  const cell = notebook.model.cells.get(index);
  documents.changes.saw(notebook.path, caller?.key, [{ id: cell.id, source: content }]);
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

export const editCellTool = notebookTool(EDIT_CELL, async (args, { documents }: NotebookParts, { tool, caller }) => {
  const { content } = args;
  const { notebook, opened, cell, index } = await heldCell(documents, tool, caller?.key, args);
  documents.changes.authors.by(caller?.key, () => cell.sharedModel.setSource(content));
  documents.changes.saw(notebook.path, caller?.key, [{ id: cell.id, source: content }]);
  return succeed({ notebookPath: notebook.path, cellId: cell.id, index, type: cell.type, ...openedNote(notebook, opened) });
});

export const deleteCellTool = notebookTool(DELETE_CELL, async (args, { documents }: NotebookParts, { tool, caller }) => {
  const { notebook, opened, cell, index } = await heldCell(documents, tool, caller?.key, args);
  const id = cell.id;
  documents.changes.authors.by(caller?.key, () => notebook.model.sharedModel.deleteCell(index));
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

export const saveNotebookTool = notebookTool(
  SAVE_NOTEBOOK,
  async ({ notebookPath }, { app, documents }: NotebookParts, { tool, caller }) => {
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
    await documents.save(held, caller?.key);
    return succeed({ notebookPath: held.path, saved: true });
  }
);

/**
 * The cell an edit of one cell targets, once the conflict rule lets it
 * through (SPEC §2.5): refused when the notebook closed, or the cell changed,
 * since the agent last saw it, or the person is typing in it.
 */
async function heldCell(
  documents: NotebookDocuments,
  tool: string,
  agent: string | undefined,
  { notebookPath, cellId, ifRevision, force = false }: { notebookPath: string; cellId?: string; ifRevision?: string; force?: boolean }
) {
  const path = documents.normalize(notebookPath);
  documents.changes.refuseClosed(tool, path, agent, force);
  const { notebook, opened } = await documents.hold(tool, path);
  const { cell, index } = findCell(tool, notebook, cellId);
  documents.changes.refuseConflicts(tool, notebook, agent, [{ cellId: cell.id, ...(ifRevision ? { ifRevision } : {}) }], force);
  return { notebook, opened, cell, index };
}

export function newCell(cellType: string, source: string) {
  // A cell the agent adds in this page is trusted, like one the person adds.
  return { cell_type: cellType as 'code', source, metadata: cellType === 'code' ? { trusted: true } : {} };
}

export function isBlank(cell: ICellModel): boolean {
  const outputs = (cell as { outputs?: { length: number } }).outputs;
  return cell.sharedModel.getSource().trim() === '' && !outputs?.length;
}
