/**
 * Cells and outputs as the notebook tools answer them: nbformat shapes made
 * easy to read — multiline strings joined, colour escapes removed — with
 * pictures left in their MIME bundles, where the image pipeline
 * (calls/images) takes them out and attaches them. Pure.
 */
import type * as nbformat from '@jupyterlab/nbformat';
import type { PartialJSONObject } from '@lumino/coreutils';

/** One cell in a result. `executionCount` and `outputs` only for code cells. */
export interface CellView {
  id: string;
  index: number;
  type: string;
  source: string;
  executionCount?: number | null;
  outputs?: nbformat.IOutput[];
}

/** The fields of an nbformat cell read here; a notebook model's cells give the same. */
export interface CellLike {
  id?: string;
  cell_type: string;
  source: nbformat.MultilineString;
  execution_count?: nbformat.ExecutionCount;
  outputs?: nbformat.IOutput[];
}

// CSI sequences (colours, cursor moves), OSC sequences (titles, links), then two-character escapes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are made of control characters.
const ANSI_ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI_ESCAPES, '');
}

/** nbformat allows any string as a list of lines. */
export function joinMultiline(value: nbformat.MultilineString | undefined): string {
  return Array.isArray(value) ? value.join('') : (value ?? '');
}

export function cellView(cell: CellLike, index: number): CellView {
  const view: CellView = { id: cell.id ?? '', index, type: cell.cell_type, source: joinMultiline(cell.source) };
  if (cell.cell_type === 'code') {
    view.executionCount = cell.execution_count ?? null;
    view.outputs = outputsForAgent(cell.outputs ?? []);
  }
  return view;
}

/** Outputs in nbformat shape, text joined and without colour escapes; empty metadata dropped. */
export function outputsForAgent(outputs: readonly nbformat.IOutput[]): nbformat.IOutput[] {
  return outputs.map((output) => {
    const out: nbformat.IOutput = { ...output };
    if (typeof output.text === 'string' || Array.isArray(output.text)) {
      out.text = stripAnsi(joinMultiline(output.text as nbformat.MultilineString));
    }
    if (Array.isArray(output.traceback)) {
      out.traceback = (output.traceback as string[]).map(stripAnsi);
    }
    if (output.data && typeof output.data === 'object') {
      out.data = Object.fromEntries<nbformat.MultilineString | PartialJSONObject>(
        Object.entries(output.data as Record<string, unknown>).map(([mime, value]) => [
          mime,
          typeof value === 'string' || Array.isArray(value)
            ? textOf(mime, joinMultiline(value as nbformat.MultilineString))
            : (value as PartialJSONObject)
        ])
      );
    }
    if (out.metadata && typeof out.metadata === 'object' && Object.keys(out.metadata).length === 0) {
      delete out.metadata;
    }
    return out;
  });
}

function textOf(mime: string, value: string): string {
  return mime === 'text/plain' ? stripAnsi(value) : value;
}

/** How many cell ids an error lists before it says how many more there are. */
export const LISTED_CELL_IDS = 10;

/** The first cell ids of a notebook, for an error about a cell id that is not there. */
export function describeCellIds(cells: readonly { id: string; type: string }[]): string {
  if (cells.length === 0) {
    return 'It has no cells.';
  }
  const listed = cells.slice(0, LISTED_CELL_IDS).map((cell) => `"${cell.id}" (${cell.type})`);
  const more = cells.length - listed.length;
  return `Its cells: ${listed.join(', ')}${more > 0 ? `, and ${more} more (read_notebook lists them all)` : ''}.`;
}

/** A traceback as one text, without colour escapes. */
export function tracebackText(traceback: readonly string[] | undefined): string {
  return (traceback ?? []).map(stripAnsi).join('\n');
}

/** Whether a notebook file names its cells (nbformat 4.5 and later); older ones get ids only from a model. */
export function hasCellIds(content: Pick<nbformat.INotebookContent, 'nbformat' | 'nbformat_minor' | 'cells'>): boolean {
  const versioned = content.nbformat > 4 || (content.nbformat === 4 && content.nbformat_minor >= 5);
  return versioned && content.cells.every((cell) => typeof cell.id === 'string' && cell.id !== '');
}
