/**
 * read_notebook and read_cell: a notebook as the page has it now. One the page
 * has open is read from its live model (unsaved edits included); any other is
 * read from the contents service alone, without building a notebook model —
 * unless its file names no cell ids (nbformat before 4.5): then the page opens
 * it, and the ids are its model's, valid while the page has it open.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type * as nbformat from '@jupyterlab/nbformat';
import type { Contents } from '@jupyterlab/services';
import { succeed, type ToolResult } from '@jupyter-live-mcp/protocol';
import { CommandFailure, isBadRequest, isNotFound, errorMessage, noNotebook } from './command-failure.js';
import { cellView, describeCellIds, hasCellIds, type CellView } from './cell-views.js';
import { notebookContentOf } from './new-notebook.js';
import { addNotebookCommand } from './notebook-command.js';
import { cellsOf, findCell, missingCell, viewOf } from './notebook-cells.js';
import { OPENED_IN, type HeldNotebook, type NotebookDocuments } from './notebook-documents.js';

/** A notebook the page read without opening, and its cells. */
interface NotebookFile {
  content: nbformat.INotebookContent;
  cells: CellView[];
}

export function registerReadCommands(app: JupyterFrontEnd, documents: NotebookDocuments): void {
  addNotebookCommand(app, 'readNotebook', 'Read Notebook', async ({ notebookPath }, tool) => {
    const path = documents.normalize(notebookPath);
    const held = await documents.held(tool, path);
    if (held) {
      return notebookResult(held, held.heldIn);
    }
    const file = await readFile(app, tool, path);
    if (hasCellIds(file.content)) {
      return succeed({
        notebookPath: path,
        readFrom: 'disk',
        ...versionAndKernelspec(file.content),
        cellCount: file.cells.length,
        cells: file.cells
      });
    }
    const { notebook, opened } = await documents.hold(tool, path);
    return { ...notebookResult(notebook, notebook.heldIn), note: noIdsNote(file.content, notebook, opened) };
  });

  addNotebookCommand(app, 'readCell', 'Read Cell', async ({ notebookPath, cellId }, tool) => {
    const path = documents.normalize(notebookPath);
    const held = await documents.held(tool, path);
    if (held) {
      const { cell, index } = findCell(tool, held, cellId);
      return cellResult(path, viewOf(cell, index));
    }
    const file = await readFile(app, tool, path);
    if (cellId === undefined) {
      throw new CommandFailure(
        'bad_input',
        `${tool}: without cellId it reads the active cell, and the page does not have "${path}" open: pass cellId. ` +
          describeCellIds(file.cells)
      );
    }
    if (hasCellIds(file.content)) {
      const cell = file.cells.find((candidate) => candidate.id === cellId);
      if (!cell) {
        throw missingCell(tool, path, cellId, file.cells);
      }
      return cellResult(path, cell);
    }
    const { notebook } = await documents.hold(tool, path);
    const { cell, index } = findCell(tool, notebook, cellId);
    return cellResult(path, viewOf(cell, index));
  });
}

async function readFile(app: JupyterFrontEnd, tool: string, path: string): Promise<NotebookFile> {
  let model: Contents.IModel;
  try {
    model = await app.serviceManager.contents.get(path, { type: 'notebook', content: true });
  } catch (error) {
    if (isNotFound(error)) {
      throw noNotebook(tool, path);
    }
    if (isBadRequest(error)) {
      throw new CommandFailure(
        'bad_input',
        `${tool}: "${path}" cannot be read as a notebook (${errorMessage(error)}). read_file reads other files.`
      );
    }
    throw error;
  }
  const content = notebookContentOf(model.content);
  if (model.type === 'directory' || !content) {
    throw new CommandFailure('bad_input', `${tool}: "${path}" is a ${model.type === 'directory' ? 'folder' : 'file'}, not a notebook.`);
  }
  return { content, cells: content.cells.map((cell, index) => cellView(cell, index)) };
}

function notebookResult(notebook: HeldNotebook, readFrom: 'tab' | 'memory'): ToolResult {
  const { model } = notebook;
  const cells = cellsOf(model).map(viewOf);
  const kernel = notebook.sessionContext.session?.kernel;
  return succeed({
    notebookPath: notebook.path,
    readFrom,
    ...versionAndKernelspec({ nbformat: model.nbformat, nbformat_minor: model.nbformatMinor, metadata: model.metadata }),
    ...(kernel ? { kernel: { id: kernel.id, name: kernel.name, status: kernel.status } } : {}),
    dirty: model.dirty,
    cellCount: cells.length,
    cells
  });
}

function versionAndKernelspec(content: Pick<nbformat.INotebookContent, 'nbformat' | 'nbformat_minor' | 'metadata'>) {
  const kernelspec = content.metadata?.kernelspec as { name?: unknown; language?: unknown } | undefined;
  return {
    nbformat: `${content.nbformat}.${content.nbformat_minor}`,
    ...(typeof kernelspec?.name === 'string' ? { kernelspec: kernelspec.name } : {})
  };
}

function cellResult(path: string, { id, ...cell }: CellView): ToolResult {
  return succeed({ notebookPath: path, cellId: id, ...cell });
}

function noIdsNote(content: nbformat.INotebookContent, notebook: HeldNotebook, opened: boolean): string {
  return (
    `The file is nbformat ${content.nbformat}.${content.nbformat_minor}, whose cells have no ids, so ` +
    `${opened ? 'the page opened it: ' : ''}these ids are those the page gave its cells, valid while the page ` +
    `has it open; save_notebook writes them into the file.${opened ? ` ${OPENED_IN[notebook.heldIn]}` : ''}`
  );
}
