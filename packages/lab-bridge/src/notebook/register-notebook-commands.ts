/**
 * The bridge's own notebook and file commands behind the default notebook
 * tools (SPEC §2.2; the kernel tools' are in kernel-commands.ts) and the batch
 * tools edit_notebook and run_cells (§2.3b), written on JupyterLab's public
 * APIs so they work alike in JupyterLab, Notebook 7 and JupyterLite.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { IDocumentManager } from '@jupyterlab/docmanager';
import type { INotebookTracker } from '@jupyterlab/notebook';
import { registerEditCommands } from './edits/edit-commands.js';
import { registerEditNotebook } from './edits/edit-notebook.js';
import { registerFileCommands } from './files/file-commands.js';
import { registerKernelStartCommands } from './documents/kernel-start-commands.js';
import { NotebookDocuments } from './documents/notebook-documents.js';
import { registerReadCommands } from './reads/read-commands.js';
import { registerRunCell } from './runs/run-cell.js';
import { registerRunCells, type MarkRunning, type TellProgress } from './runs/run-cells.js';

export interface NotebookCommandDeps {
  docManager: IDocumentManager;
  notebookTracker: INotebookTracker;
  markRunning: MarkRunning;
  /** Tells a run's progress, for its pending answers (calls/run-progress). */
  tellProgress: TellProgress;
  /** The page's maxResultChars now. */
  resultChars: () => number;
}

/** Registers the commands; answers the notebooks they act on, which the kernel commands look kernels up in too. */
export function registerNotebookCommands(
  app: JupyterFrontEnd,
  { docManager, notebookTracker, markRunning, tellProgress, resultChars }: NotebookCommandDeps
): NotebookDocuments {
  const documents = new NotebookDocuments(app, docManager, notebookTracker);
  registerReadCommands(app, documents, resultChars);
  registerEditCommands(app, documents);
  registerEditNotebook(app, documents);
  registerRunCell(app, documents);
  registerRunCells(app, documents, markRunning, tellProgress);
  registerKernelStartCommands(app, documents);
  registerFileCommands(app, docManager, documents);
  return documents;
}
