/**
 * Notebook files: a new one (nbformat 4.5 with the kernelspec it is created for,
 * so that opening it starts that kernel and never asks which), and the content
 * of one read from the contents service. Pure.
 */
import type * as nbformat from '@jupyterlab/nbformat';
import type { KernelspecInfo } from '../kernels/kernelspecs.js';

/** One empty code cell, as JupyterLab's own new notebook has (add_cell puts the first cell in its place). */
export function newNotebookContent(spec: KernelspecInfo, cellId: string): nbformat.INotebookContent {
  return {
    cells: [{ cell_type: 'code', id: cellId, source: '', metadata: {}, outputs: [], execution_count: null }],
    metadata: {
      kernelspec: { name: spec.name, display_name: spec.displayName, language: spec.language },
      language_info: { name: spec.language }
    },
    nbformat: 4,
    nbformat_minor: 5
  };
}

/**
 * A notebook file's content as the contents service gives it: its JSON, or
 * (JupyterLite, for a notebook written as text) that JSON as a string.
 * Undefined when it is not a notebook.
 */
export function notebookContentOf(content: unknown): nbformat.INotebookContent | undefined {
  let value = content;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const notebook = value as Partial<nbformat.INotebookContent> | null;
  return notebook && typeof notebook === 'object' && Array.isArray(notebook.cells) && typeof notebook.nbformat === 'number'
    ? (notebook as nbformat.INotebookContent)
    : undefined;
}
