/**
 * A cell's outputs as the agent sees them by default (SPEC §2.3b): what a
 * person glancing at them takes in, in few characters. The streams of one name
 * are joined, in the place of the first, and cut to their first and last
 * lines; an error is "ename: evalue" and the last frames of its traceback; a
 * rich output is its text/plain (an HTML table's only its first lines), with
 * one line saying what the table holds, and its picture under its MIME type,
 * where the image pipeline (calls/images) takes it out and attaches it. Colour
 * escapes are removed throughout. Each output's keys say what it is, so only
 * display data carries a `type`: a stream is its text under its name
 * (`stdout`, `stderr`), an error has `error`, an execute result (by far the
 * most common) has its text, table and picture as display data has them, and
 * one that has only text is that text, a string.
 * `wholeOutput` gives one of them uncondensed (read_cell's outputIndex). Pure,
 * once the HTML tables' summaries are loaded (`loadHtmlTables`).
 */
import type * as nbformat from '@jupyterlab/nbformat';
import { CONDENSED_OUTPUTS } from '@jupyter-live-mcp/protocol';
import { IMAGE_MIME_TYPES, type ImageMimeType } from '../../calls/images/image-outputs.js';
import { joinMultiline, outputsForAgent, stripAnsi } from './nbformat-outputs.js';

const {
  wholeLines: WHOLE_LINES,
  headLines: HEAD_LINES,
  tailLines: TAIL_LINES,
  lineChars: LINE_CHARS,
  tracebackFrames: TRACEBACK_FRAMES,
  tableLines: TABLE_LINES,
  tableWholeLines: TABLE_WHOLE_LINES,
  listedColumns: LISTED_COLUMNS
} = CONDENSED_OUTPUTS;

/** An execute result's or display data's text, table and picture. */
type RichOutput = {
  /** Display data; an execute result has none. */
  type?: 'display';
  text?: string;
  /** What an HTML table holds, e.g. "DataFrame: 150 rows × 5 columns: a, b, c, d, e". */
  table?: string;
  /** The MIME types it has, when it shows no text, table or picture. */
  mimeTypes?: string[];
} & { [mime in ImageMimeType]?: string };

/**
 * One condensed output: a string is an execute result that has only text. A
 * rich output keeps at most one picture, under its MIME type.
 */
export type CondensedOutput =
  | string
  | { stdout: string }
  | { stderr: string }
  | { error: string; traceback?: string }
  | RichOutput
  | { type: string };

/**
 * html-tables.ts is a chunk of its own, loaded on first need: the notebook
 * tools await loadHtmlTables() before they run (notebook/notebook-tools.ts).
 * Until it is loaded (or when it could not be) an HTML table gets no summary,
 * its text/plain is cut as any other; a later call tries the load again.
 */
let describeHtmlTable: ((html: string, listedColumns: number, shownHeader?: string) => string | undefined) | undefined;
let loadingTables: Promise<void> | undefined;

export function loadHtmlTables(): Promise<void> {
  loadingTables ??= import('./html-tables.js').then(
    (module) => {
      describeHtmlTable = module.describeHtmlTable;
    },
    () => {
      loadingTables = undefined;
    }
  );
  return loadingTables;
}

const BARE_REPR = /^<[^<>\n]*>$/;

/** Text MIME types shown, in this order, when an output has no text/plain. */
const TEXT_MIME_TYPES = ['text/plain', 'text/markdown', 'text/latex'];

export function condenseOutputs(outputs: readonly nbformat.IOutput[]): CondensedOutput[] {
  return groupOutputs(outputs).map(condenseGroup);
}

/**
 * The output at `index` of the condensed list, whole: a stream with all its
 * text, an error with its whole traceback, a rich output with every MIME type.
 */
export function wholeOutput(outputs: readonly nbformat.IOutput[], index: number): nbformat.IOutput | undefined {
  const group = groupOutputs(outputs)[index];
  if (!group) {
    return undefined;
  }
  const [first] = outputsForAgent(group) as [nbformat.IOutput];
  return group.length > 1 ? { ...first, text: stripAnsi(group.map(streamText).join('')) } : first;
}

/** How many outputs the condensed list has. */
export function condensedCount(outputs: readonly nbformat.IOutput[]): number {
  return groupOutputs(outputs).length;
}

/** The outputs as the condensed list orders them: each stream name's outputs together, where its first was. */
function groupOutputs(outputs: readonly nbformat.IOutput[]): nbformat.IOutput[][] {
  const groups: nbformat.IOutput[][] = [];
  const streams = new Map<string, nbformat.IOutput[]>();
  for (const output of outputs) {
    if (output.output_type !== 'stream') {
      groups.push([output]);
      continue;
    }
    const name = String(output.name);
    const group = streams.get(name);
    if (group) {
      group.push(output);
    } else {
      const created = [output];
      streams.set(name, created);
      groups.push(created);
    }
  }
  return groups;
}

function condenseGroup(group: nbformat.IOutput[]): CondensedOutput {
  const first = group[0]!;
  switch (first.output_type) {
    case 'stream': {
      const text = headAndTail(stripAnsi(group.map(streamText).join('')));
      return first.name === 'stderr' ? { stderr: text } : { stdout: text };
    }
    case 'error': {
      const error = first as nbformat.IError;
      return condenseError(error.ename, error.evalue, error.traceback);
    }
    case 'execute_result':
    case 'display_data':
      return condenseRich(first.output_type === 'display_data', (first.data ?? {}) as nbformat.IMimeBundle);
    default:
      return { type: first.output_type };
  }
}

/** An error as the agent sees it, in a cell's outputs and in run_cell's answer. */
function condenseError(ename: string, evalue: string, traceback: readonly string[] | undefined): { error: string; traceback?: string } {
  const error = evalue ? `${ename}: ${stripAnsi(evalue)}` : ename;
  const frames = condenseTraceback(traceback, error);
  return { error, ...(frames ? { traceback: frames } : {}) };
}

/**
 * The last frames of a traceback, as text. IPython's header and its last line
 * (the error again) are left out: the error line says them.
 */
export function condenseTraceback(traceback: readonly string[] | undefined, errorLine: string): string {
  const frames = withoutHeader((traceback ?? []).map((frame) => stripAnsi(frame).trimEnd()))
    .filter((frame) => frame !== '')
    .map(withoutCellContext);
  if (frames.length > 0 && frames.at(-1)!.trim() === errorLine) {
    frames.pop();
  }
  const left = frames.length - TRACEBACK_FRAMES;
  const kept = left > 0 ? [`[… ${left} earlier frames left out …]`, ...frames.slice(-TRACEBACK_FRAMES)] : frames;
  return headAndTail(kept.join('\n'));
}

// A frame in a notebook cell: IPython 8's "Cell In [3], line 2", older releases' "Input In [3]".
const CELL_FRAME = /^(?:Cell|Input) In ?\[\d*\]/;
const ARROW_LINE = /^\s*-+>/;

/**
 * A frame in one of the notebook's cells keeps its heading and the line that
 * raised ("---->"): the lines around it are the cell's source, which the agent
 * has. Frames in library code keep their context.
 */
function withoutCellContext(frame: string): string {
  if (!CELL_FRAME.test(frame)) {
    return frame;
  }
  const [heading = '', ...lines] = frame.split('\n');
  return [heading, ...lines.filter((line) => ARROW_LINE.test(line))].join('\n');
}

// IPython's header: a rule of dashes, then "KeyError    Traceback (most recent call last)".
const IPYTHON_HEADER_LINE = /^\s*(?:-{10,}|\S+\s+Traceback \(most recent call last\))[^\S\n]*(?:\n|$)/;

/**
 * The traceback's entries without IPython's header lines at its start: IPython
 * 8 gives them as two entries of their own, some releases as one, or in the
 * first frame's entry.
 */
function withoutHeader(entries: readonly string[]): string[] {
  const rest = [...entries];
  for (let first = rest[0]; first !== undefined; first = rest[0]) {
    const shortened = first.replace(IPYTHON_HEADER_LINE, '');
    if (shortened === first) {
      break;
    }
    if (shortened.trim() === '') {
      rest.shift();
    } else {
      rest[0] = shortened;
    }
  }
  return rest;
}

function condenseRich(display: boolean, data: nbformat.IMimeBundle): CondensedOutput {
  const view: RichOutput & Record<string, unknown> = display ? { type: 'display' } : {};
  const html = data['text/html'];
  const textMime = TEXT_MIME_TYPES.find((mime) => isText(data[mime]));
  const text = textMime ? stripAnsi(joinMultiline(data[textMime] as nbformat.MultilineString)) : undefined;
  const table =
    isText(html) && describeHtmlTable
      ? describeHtmlTable(joinMultiline(html), LISTED_COLUMNS, headAndTail(text?.split('\n', 1)[0] ?? ''))
      : undefined;
  const image = IMAGE_MIME_TYPES.find((mime) => isText(data[mime]));
  // Beside its picture, an object's bare repr ("<Figure size 640x480 with 1 Axes>") says nothing the picture does not.
  if (text !== undefined && !(image && BARE_REPR.test(text))) {
    view.text = table ? tableText(text) : headAndTail(text);
  }
  if (table) {
    view.table = table;
  }
  if (image) {
    view[image] = joinMultiline(data[image] as nbformat.MultilineString);
  }
  if (!textMime && !table && !image) {
    view.mimeTypes = Object.keys(data);
  }
  // The most common output of all, `2` or a repr, is its text alone: `"42"`, not `{"text": "42"}`.
  return !display && Object.keys(view).length === 1 && view.text !== undefined ? view.text : view;
}

/** A table's text/plain: whole when short, else its first lines (its summary says the shape). */
function tableText(text: string): string {
  return headAndTail(text, { head: TABLE_LINES, tail: 0, whole: TABLE_WHOLE_LINES });
}

/**
 * A text of more than `whole` lines cut to its first and last lines, each line
 * to its first characters; the cuts say what they left out.
 */
export function headAndTail(
  text: string,
  { head = HEAD_LINES, tail = TAIL_LINES, whole = WHOLE_LINES }: { head?: number; tail?: number; whole?: number } = {}
): string {
  // A last newline ends the last line; it starts none.
  const ended = text.endsWith('\n');
  const lines = (ended ? text.slice(0, -1) : text).split('\n').map(shortLine);
  const left = lines.length - head - tail;
  const kept =
    lines.length > whole ? [...lines.slice(0, head), `[… ${left} lines left out …]`, ...lines.slice(lines.length - tail)] : lines;
  return `${kept.join('\n')}${ended ? '\n' : ''}`;
}

/** A line as a terminal shows it: what a carriage return (a progress bar) wrote over is gone. */
function shortLine(line: string): string {
  const ending = line.endsWith('\r') ? line.slice(0, -1) : line;
  const shown = ending.slice(ending.lastIndexOf('\r') + 1);
  return shown.length > LINE_CHARS ? `${shown.slice(0, LINE_CHARS)}[… ${shown.length - LINE_CHARS} characters left out]` : shown;
}

function streamText(output: nbformat.IOutput): string {
  return joinMultiline(output.text as nbformat.MultilineString | undefined);
}

function isText(value: unknown): value is nbformat.MultilineString {
  return typeof value === 'string' || (Array.isArray(value) && value.every((line) => typeof line === 'string'));
}
