import type { ICellModel, ICodeCellModel } from '@jupyterlab/cells';
import type { IDocumentManager } from '@jupyterlab/docmanager';
import type * as nbformat from '@jupyterlab/nbformat';
import { NotebookModelFactory, NotebookPanel, type INotebookModel, type INotebookTracker } from '@jupyterlab/notebook';
import type { KernelSpec } from '@jupyterlab/services';
import type { CommandRegistry } from '@lumino/commands';
import type { AiCommands } from './command.js';
import { openDocument, readWithoutWidget, whenLoaded } from './documents.js';

const NO_NOTEBOOK = 'No active notebook and no notebook path provided';

export interface NotebookServices extends AiCommands {
  commands: CommandRegistry;
  docManager: IDocumentManager;
  notebookTracker: INotebookTracker | null;
  kernelspecs: KernelSpec.IManager;
}

export interface Target {
  notebookPath?: string;
  background?: boolean;
}

export interface ReadTarget extends Target {
  createWidget?: boolean;
}

/** The notebook to change: `notebookPath` (opened if needed) or the active one. */
export async function notebookPanel(services: NotebookServices, args: Target): Promise<NotebookPanel> {
  const { notebookPath, background } = args;
  if (!notebookPath) {
    const current = services.notebookTracker?.currentWidget;
    if (!current) {
      throw new Error(NO_NOTEBOOK);
    }
    return whenLoaded(current, current.context.path);
  }
  const widget = openDocument(services.docManager, notebookPath, background);
  if (!(widget instanceof NotebookPanel)) {
    throw new Error(`Widget for ${notebookPath} is not a notebook panel`);
  }
  return whenLoaded(widget, notebookPath);
}

/**
 * Runs `read` on the live model: the open panel's, a newly opened one's when
 * `createWidget` is true, else a throwaway model read from disk.
 */
export async function readNotebook<R>(
  services: NotebookServices,
  args: ReadTarget,
  read: (model: INotebookModel, panel: NotebookPanel | null) => R
): Promise<R> {
  const { notebookPath } = args;
  const open = notebookPath ? services.docManager.findWidget(notebookPath) : undefined;
  if (!notebookPath || open instanceof NotebookPanel || args.createWidget) {
    const panel = await notebookPanel(services, args);
    return read(panel.context.model, panel);
  }
  return readWithoutWidget(services.docManager, notebookPath, new NotebookModelFactory(), (model) => read(model, null));
}

export function findCell(
  model: INotebookModel,
  cellId: string | undefined,
  panel: NotebookPanel | null
): { cell: ICellModel; index: number } {
  if (cellId !== undefined && cellId !== null) {
    for (let index = 0; index < model.cells.length; index++) {
      const cell = model.cells.get(index);
      if (cell.id === cellId) {
        return { cell, index };
      }
    }
    throw new Error(`Cell with ID '${cellId}' not found in notebook`);
  }
  const index = panel?.content.activeCellIndex ?? -1;
  if (index < 0 || index >= model.cells.length) {
    throw new Error('No active cell or invalid active cell index');
  }
  return { cell: model.cells.get(index), index };
}

export function outputsOf(cell: ICellModel): nbformat.IOutput[] {
  return cell.type === 'code' ? ((cell as ICodeCellModel).toJSON().outputs ?? []) : [];
}
