import type { ICodeCellModel } from '@jupyterlab/cells';
import { PathExt } from '@jupyterlab/coreutils';
import { addAiCommand, BACKGROUND, CREATE_WIDGET, NOTEBOOK_PATH } from './command.js';
import { findCell, outputsOf, readNotebook, type NotebookServices, type ReadTarget } from './notebooks.js';

function registerGetNotebookContent(services: NotebookServices): void {
  addAiCommand<ReadTarget>(services, {
    name: 'get-notebook-content',
    since: '0.4',
    label: 'Get Notebook Content',
    caption: 'Get the full notebook content as nbformat JSON, read from the live model',
    properties: { notebookPath: NOTEBOOK_PATH, background: BACKGROUND, createWidget: CREATE_WIDGET },
    execute: (args) =>
      readNotebook(services, args, (model, panel) => ({
        success: true,
        notebookName: panel?.title.label ?? PathExt.basename(args.notebookPath ?? ''),
        notebookPath: panel?.context.path ?? args.notebookPath,
        // The shared model holds unsaved edits too.
        content: model.sharedModel.toJSON(),
        isDirty: model.dirty
      }))
  });
}

function registerGetNotebookInfo(services: NotebookServices): void {
  addAiCommand<ReadTarget>(services, {
    name: 'get-notebook-info',
    label: 'Get Notebook Info',
    caption: 'Get information about a notebook including cell IDs and the active cell ID',
    properties: { notebookPath: NOTEBOOK_PATH, background: BACKGROUND, createWidget: CREATE_WIDGET },
    execute: (args) =>
      readNotebook(services, args, (model, panel) => {
        const activeCell = panel?.content.activeCell;
        const cells = [];
        for (let index = 0; index < model.cells.length; index++) {
          const cell = model.cells.get(index);
          cells.push({ cellId: cell.id, cellType: cell.type });
        }
        return {
          success: true,
          notebookName: panel?.title.label ?? PathExt.basename(args.notebookPath ?? ''),
          notebookPath: panel?.context.path ?? args.notebookPath,
          cellCount: model.cells.length,
          activeCellId: activeCell?.model.id ?? null,
          activeCellType: activeCell?.model.type ?? 'unknown',
          cells,
          notebookMetadata: model.metadata,
          isDirty: model.dirty
        };
      })
  });
}

function registerGetCellInfo(services: NotebookServices): void {
  addAiCommand<ReadTarget & { cellId?: string }>(services, {
    name: 'get-cell-info',
    label: 'Get Cell Info',
    caption: 'Get information about a specific cell including its type, source content, and outputs',
    properties: {
      notebookPath: NOTEBOOK_PATH,
      cellId: {
        type: 'string',
        description: 'nbformat cell ID of the cell to get information for. If not provided, uses the currently active cell'
      },
      background: BACKGROUND,
      createWidget: CREATE_WIDGET
    },
    execute: (args) =>
      readNotebook(services, args, (model, panel) => {
        const { cell } = findCell(model, args.cellId, panel);
        return {
          success: true,
          cellId: cell.id,
          cellType: cell.type,
          source: cell.sharedModel.getSource(),
          outputs: outputsOf(cell),
          executionCount: cell.type === 'code' ? (cell as ICodeCellModel).executionCount : null
        };
      })
  });
}

export function registerNotebookReadCommands(services: NotebookServices): void {
  registerGetNotebookContent(services);
  registerGetNotebookInfo(services);
  registerGetCellInfo(services);
}
