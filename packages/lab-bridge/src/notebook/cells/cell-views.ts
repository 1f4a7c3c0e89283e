/**
 * Cells as the notebook tools answer them by default (SPEC §2.3b): per cell
 * its id, index (unless the cells come in order from a start the agent gave),
 * type and source, and for a code cell its execution count, its
 * condensed outputs (condensed-outputs.ts) and its stale marks — only the
 * fields that say something: no metadata, no empty outputs, no false marks,
 * and no type for a code cell (most cells are code: the others say theirs).
 * read_notebook, read_cell and run_cell answer cells so. Pure.
 */
import type * as nbformat from '@jupyterlab/nbformat';
import { condenseOutputs, type CondensedOutput } from '../outputs/condensed-outputs.js';
import { joinMultiline } from '../outputs/nbformat-outputs.js';
import { cellRevision } from '../../changes/cell-revision.js';
import type { StaleMarks } from './stale-state.js';

/** One cell in a result. `executionCount` and `outputs` only for code cells; outputs only when it has some. */
export interface CellView extends StaleMarks {
  id: string;
  /** Left out where the cells come in notebook order from a start the agent gave (a read of a range). */
  index?: number;
  /** Markdown or raw; a code cell has none. */
  type?: string;
  source: string;
  /** Changes whenever the source does (SPEC §2.5): what an edit's ifRevision names. */
  revision: string;
  executionCount?: number;
  outputs?: CondensedOutput[];
}

/** The fields of an nbformat cell read here; a notebook model's cells give the same. */
export interface CellLike {
  id?: string;
  cell_type: string;
  source: nbformat.MultilineString;
  execution_count?: nbformat.ExecutionCount;
  outputs?: nbformat.IOutput[];
}

/** `id`: the id the view shows (a read's are short already, commands/shown-ids.ts), the cell's own by default. */
export function cellView(cell: CellLike, index: number | undefined, marks: StaleMarks = {}, id = cell.id ?? ''): CellView {
  const code = cell.cell_type === 'code';
  const source = joinMultiline(cell.source);
  const view: CellView = {
    id,
    ...(index === undefined ? {} : { index }),
    ...(code ? {} : { type: cell.cell_type }),
    source,
    revision: cellRevision(source)
  };
  if (code) {
    // None: it never ran (an absent count, not a null, says so).
    if (typeof cell.execution_count === 'number') {
      view.executionCount = cell.execution_count;
    }
    const outputs = condenseOutputs(cell.outputs ?? []);
    if (outputs.length > 0) {
      view.outputs = outputs;
    }
  }
  return { ...view, ...marks };
}

/** Whether a notebook file names its cells (nbformat 4.5 and later); older ones get ids only from a model. */
export function hasCellIds(content: Pick<nbformat.INotebookContent, 'nbformat' | 'nbformat_minor' | 'cells'>): boolean {
  const versioned = content.nbformat > 4 || (content.nbformat === 4 && content.nbformat_minor >= 5);
  return versioned && content.cells.every((cell) => typeof cell.id === 'string' && cell.id !== '');
}
