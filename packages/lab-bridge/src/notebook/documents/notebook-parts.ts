/** What the runs of the notebook, file and kernel tools work with: the page, its notebooks, documents and kernels, and its settings now. */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { IDocumentManager } from '@jupyterlab/docmanager';
import type { KernelConnections } from '../kernels/kernel-connections.js';
import type { NotebookDocuments } from './notebook-documents.js';

export interface NotebookParts {
  app: JupyterFrontEnd;
  documents: NotebookDocuments;
  docManager: IDocumentManager;
  /** The connections the page keeps to kernels no document of it shows. */
  kernels: KernelConnections;
  /** The page's maxResultChars now, which a compact read fills with whole cells (reads/cells-within.ts). */
  resultChars(): number;
}
