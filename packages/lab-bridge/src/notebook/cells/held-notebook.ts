/** The handle every notebook tool works through: a notebook's model, its session and its tab, if any. */
import type { ISessionContext } from '@jupyterlab/apputils';
import type { INotebookModel, NotebookPanel } from '@jupyterlab/notebook';

/** A notebook as the page has it. */
export interface HeldNotebook {
  path: string;
  model: INotebookModel;
  sessionContext: ISessionContext;
  /** The tab that shows it; absent for a notebook held in memory. */
  panel?: NotebookPanel;
  heldIn: 'tab' | 'memory';
}
