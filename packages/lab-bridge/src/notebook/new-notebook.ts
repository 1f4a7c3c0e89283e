/**
 * A new notebook's file: nbformat 4.5 with the kernelspec it is created for,
 * so that opening it starts that kernel and never asks which. Pure.
 */
import type * as nbformat from '@jupyterlab/nbformat';
import type { KernelspecInfo } from './kernelspecs.js';

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
