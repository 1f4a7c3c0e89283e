/**
 * The agent tasks of issue 15 (point 7), on a python3 kernel with matplotlib,
 * each done two ways: with the batch tools and the compact view, and with the
 * single-cell tools only (read_notebook as nbformat, read_cell, edit_cell,
 * add_cell, run_cell), as an agent would call them. Every call of a task is
 * recorded; the bench counts calls, characters and pictures, the end-to-end
 * test checks what the person would. Set-up calls are not part of a task.
 *   (a) fix: a 12-cell notebook whose sixth cell fails, a plot after it — find
 *       the failing cell, fix it, rerun from it, see the plot;
 *   (b) section: add a five-cell analysis section at the end and run it;
 *   (c) read: a 50-cell notebook with outputs (tables, a long stream, a
 *       traceback, two plots), read whole;
 *   (d), (e): (a) and (b) untuned (issue 25): from a notebook never run, the
 *       fix derived from what the tools return, the result kept on disk.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** What a task needs of an MCP client: the e2e session and the bench client both are one. */
export interface TaskAgent {
  call(name: string, args?: Record<string, unknown>): Promise<{ raw: CallToolResult; result: Record<string, unknown> }>;
}

export type TaskWay = 'batch' | 'single';
export const TASK_WAYS: readonly { way: TaskWay; label: string }[] = [
  { way: 'batch', label: 'batch tools, compact view' },
  { way: 'single', label: 'single-cell tools, nbformat read' }
];

export interface CallRecord {
  tool: string;
  result: Record<string, unknown>;
  /** The characters of the result's text blocks: what the agent reads. */
  textChars: number;
  /** The image blocks attached. */
  pictures: number;
}

/** A condensed output as the compact view gives it: an execute result's bare text, or an object keyed by what it is. */
export type CompactOutput =
  | string
  | { type?: string; text?: string; stdout?: string; table?: string; error?: string; 'image/png'?: string };

/** Whether a condensed output is an error's. */
export const raised = (output: CompactOutput): output is { error: string } => typeof output === 'object' && 'error' in output;

/** The text a condensed output shows: an execute result's, a display's or a stream's. */
export const shownText = (output: CompactOutput): string | undefined =>
  typeof output === 'string' ? output : (output.text ?? output.stdout);

/** The calls of one task, as the agent made them. */
export class Transcript {
  readonly calls: CallRecord[] = [];

  constructor(private readonly agent: TaskAgent) {}

  /** Calls a tool as part of the task; a failed call fails the task, unless it failed with the code `expected`. */
  async call(tool: string, args: Record<string, unknown>, expected?: string): Promise<Record<string, unknown>> {
    const { raw, result } = await this.agent.call(tool, args);
    const content = raw.content as CallToolResult['content'];
    this.calls.push({
      tool,
      result,
      textChars: content.reduce((sum, block) => sum + (block.type === 'text' ? block.text.length : 0), 0),
      pictures: content.filter((block) => block.type === 'image').length
    });
    if (result.success !== true && (expected === undefined || result.code !== expected)) {
      throw new Error(`${tool} ${JSON.stringify(args).slice(0, 200)} failed: ${JSON.stringify(result).slice(0, 500)}`);
    }
    return result;
  }

  get textChars(): number {
    return this.calls.reduce((sum, call) => sum + call.textChars, 0);
  }

  get pictures(): number {
    return this.calls.reduce((sum, call) => sum + call.pictures, 0);
  }
}

/** Set-up: a call that must succeed; a run that went pending is waited for. */
async function setUp(agent: TaskAgent, tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  let { result } = await agent.call(tool, args);
  while (result.pending === true) {
    ({ result } = await agent.call('wait_for_result', { pendingId: result.pendingId, seconds: 60 }));
  }
  if (result.success !== true && result.code !== 'cell_error') {
    throw new Error(`set-up ${tool} failed: ${JSON.stringify(result).slice(0, 500)}`);
  }
  return result;
}

interface NewCell {
  content: string;
  cellType?: 'markdown';
}
const markdown = (content: string): NewCell => ({ content, cellType: 'markdown' });
const code = (content: string): NewCell => ({ content });

/** A new notebook holding these cells, run top to bottom (continuing past errors when asked); its cell ids. */
async function notebookWithCells(
  agent: TaskAgent,
  notebookPath: string,
  cells: readonly NewCell[],
  continueOnError: boolean
): Promise<string[]> {
  await setUp(agent, 'create_notebook', { name: notebookPath });
  const added = await setUp(agent, 'edit_notebook', { notebookPath, edits: cells.map((cell) => ({ op: 'add', ...cell })) });
  await setUp(agent, 'run_cells', { notebookPath, all: true, continueOnError });
  return added.newCellIds as string[];
}

// ── (a) fix the failing cell, rerun from it, see the plot ───────────────────

const TYPO = 'totl';
/** Twelve cells; the sixth (index 5) names TYPO, so the run of all stopped there and the plot below never showed. */
const FIX_CELLS: readonly NewCell[] = [
  markdown('# Monthly sales\n\nThe year in figures, its trend and a plot.'),
  code('import math\nimport matplotlib.pyplot as plt'),
  code('months = list(range(1, 13))\nsales = [round(100 + 20 * math.sin(m / 2), 1) for m in months]'),
  code('total = sum(sales)\ntotal'),
  markdown('## Trend'),
  code(`average = ${TYPO} / len(sales)\naverage`),
  code('above = [m for m, s in zip(months, sales) if s > average]\nabove'),
  code('growth = [round(b - a, 1) for a, b in zip(sales, sales[1:])]\nmax(growth)'),
  markdown('## Plot'),
  code(
    "fig, ax = plt.subplots(figsize=(5, 3))\nax.plot(months, sales)\nax.axhline(average, linestyle='--')\nax.set_title('Monthly sales')\nplt.show()"
  ),
  code('best = months[sales.index(max(sales))]\nbest'),
  code("print(f'total {total}, average {average:.1f}, best month {best}')")
];
export const FIX_CELL_COUNT = FIX_CELLS.length;
export const FAILING_INDEX = 5;
/** The plot's index. */
export const PLOT_INDEX = 9;

/** The task notebook of (a) and (b), as the person left it: run to the failing cell. Its cell ids. */
export function fixNotebook(agent: TaskAgent, notebookPath: string): Promise<string[]> {
  return notebookWithCells(agent, notebookPath, FIX_CELLS, false);
}

const fixed = (source: string) => source.replace(TYPO, 'total');

export interface FixOutcome {
  failingCellId: string;
  /** The runs after the fix, one per cell run (run_cells' cells, or each run_cell's result). */
  runs: Record<string, unknown>[];
}

/** (a): the agent reads the notebook, finds the cell that failed, fixes it and reruns it and every cell below. */
export async function fixFailingCell(transcript: Transcript, way: TaskWay, notebookPath: string): Promise<FixOutcome> {
  if (way === 'batch') {
    const read = await transcript.call('read_notebook', { notebookPath });
    const cells = read.cells as { id: string; source: string; outputs?: CompactOutput[] }[];
    const failing = cells.find((cell) => cell.outputs?.some(raised));
    if (!failing) {
      throw new Error('the compact read shows no failing cell');
    }
    await transcript.call('edit_cell', { notebookPath, cellId: failing.id, content: fixed(failing.source) });
    const run = await transcript.call('run_cells', { notebookPath, fromCellId: failing.id });
    return { failingCellId: failing.id, runs: run.cells as Record<string, unknown>[] };
  }
  const read = await transcript.call('read_notebook', { notebookPath, format: 'nbformat' });
  const cells = (
    read.content as { cells: { id: string; cell_type: string; source: string | string[]; outputs?: { output_type: string }[] }[] }
  ).cells;
  const index = cells.findIndex((cell) => cell.outputs?.some((output) => output.output_type === 'error'));
  const failing = cells[index];
  if (!failing) {
    throw new Error('the nbformat read shows no failing cell');
  }
  const source = Array.isArray(failing.source) ? failing.source.join('') : failing.source;
  await transcript.call('edit_cell', { notebookPath, cellId: failing.id, content: fixed(source) });
  const runs: Record<string, unknown>[] = [];
  // It knows the cell types from the read: markdown cells need no run.
  for (const cell of cells.slice(index).filter((cell) => cell.cell_type === 'code')) {
    runs.push(await transcript.call('run_cell', { notebookPath, cellId: cell.id }));
  }
  return { failingCellId: failing.id, runs };
}

// ── (b) add a five-cell analysis section and run it ────────────────────────

export const SECTION_CELLS: readonly NewCell[] = [
  markdown('## Spread\n\nHow far the months lie from the average.'),
  code('spread = max(sales) - min(sales)\nround(spread, 1)'),
  code('variance = sum((s - average) ** 2 for s in sales) / len(sales)\nround(variance, 2)'),
  code('std = math.sqrt(variance)\nround(std, 2)'),
  code("print(f'spread {spread:.1f}, std {std:.2f}, months above average {len(above)}')")
];

export interface SectionOutcome {
  cellIds: string[];
  /** One per cell run, in order. */
  runs: Record<string, unknown>[];
}

/** (b): the agent adds the section at the end of the notebook and runs its cells. */
export async function addSection(transcript: Transcript, way: TaskWay, notebookPath: string): Promise<SectionOutcome> {
  if (way === 'batch') {
    const edited = await transcript.call('edit_notebook', { notebookPath, edits: SECTION_CELLS.map((cell) => ({ op: 'add', ...cell })) });
    const cellIds = edited.newCellIds as string[];
    const run = await transcript.call('run_cells', { notebookPath, fromCellId: cellIds[0] });
    return { cellIds, runs: run.cells as Record<string, unknown>[] };
  }
  const cellIds: string[] = [];
  for (const cell of SECTION_CELLS) {
    cellIds.push((await transcript.call('add_cell', { notebookPath, ...cell })).cellId as string);
  }
  const runs: Record<string, unknown>[] = [];
  for (const cellId of cellIds) {
    runs.push(await transcript.call('run_cell', { notebookPath, cellId }));
  }
  return { cellIds, runs };
}

// ── (d), (e): the same kinds, untuned (issue 25) ────────────────────────────
// (d) starts from a notebook that has never run: the agent runs it to find the
// error, derives the fix from what the tools returned, reruns from it, sees the
// plot and keeps the fix on disk; (e) adds a section with a plot, runs it and
// keeps it on disk. Whatever it takes to get the result saved is counted.

/** (d)'s notebook: the cells of (a), never run. Its cell ids. */
export async function unrunNotebook(agent: TaskAgent, notebookPath: string): Promise<string[]> {
  await setUp(agent, 'create_notebook', { name: notebookPath });
  const added = await setUp(agent, 'edit_notebook', { notebookPath, edits: FIX_CELLS.map((cell) => ({ op: 'add', ...cell })) });
  return added.newCellIds as string[];
}

/**
 * The fix an agent derives from a NameError and the notebook's sources: the
 * name the notebook assigns one letter off the undefined one, put in its
 * place. No such name: the task fails, as the agent would be stuck.
 */
export function derivedFix(evalue: string, sources: readonly string[], failing: string): string {
  const missing = /name '(\w+)' is not defined/.exec(evalue)?.[1];
  const assigned = sources.flatMap((source) => [...source.matchAll(/^(\w+)\s*=/gm)].map((match) => match[1]!));
  const near = missing === undefined ? undefined : assigned.find((name) => oneEditApart(name, missing));
  if (missing === undefined || near === undefined) {
    throw new Error(`no fix follows from "${evalue}"`);
  }
  return failing.replace(new RegExp(`\\b${missing}\\b`, 'g'), near);
}

/** One letter added, left out or changed. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) {
    return false;
  }
  let same = 0;
  while (same < a.length && a[same] === b[same]) {
    same++;
  }
  return a.slice(same + (a.length >= b.length ? 1 : 0)) === b.slice(same + (b.length >= a.length ? 1 : 0));
}

interface CellOutcome {
  cellId: string;
  status: string;
  evalue?: string;
}

/** (d): read the sources, run all to find the error, fix it, rerun from it and save. */
export async function fixUnrun(transcript: Transcript, way: TaskWay, notebookPath: string): Promise<FixOutcome> {
  if (way === 'batch') {
    const read = await transcript.call('read_notebook', { notebookPath });
    const cells = read.cells as { id: string; source: string }[];
    const ran = await transcript.call('run_cells', { notebookPath, all: true }, 'cell_error');
    const failed = (ran.cells as CellOutcome[]).find((cell) => cell.status === 'error')!;
    const source = cells.find((cell) => cell.id === failed.cellId)!.source;
    const content = derivedFix(
      failed.evalue ?? '',
      cells.map((cell) => cell.source),
      source
    );
    const fixedRun = await transcript.call('edit_notebook', {
      notebookPath,
      edits: [{ op: 'set_source', cellId: failed.cellId, content }],
      run: 'fromFirstEdit',
      save: true
    });
    return { failingCellId: failed.cellId, runs: fixedRun.cells as Record<string, unknown>[] };
  }
  const read = await transcript.call('read_notebook', { notebookPath, format: 'nbformat' });
  const cells = (read.content as { cells: { id: string; cell_type: string; source: string | string[] }[] }).cells;
  const sources = cells.map((cell) => (Array.isArray(cell.source) ? cell.source.join('') : cell.source));
  const code = cells.flatMap((cell, index) => (cell.cell_type === 'code' ? [{ id: cell.id, index }] : []));
  // Runs the code cells in turn until one fails, as the person's Run All would.
  let failed: { id: string; index: number; evalue: string } | undefined;
  for (const cell of code) {
    const run = await transcript.call('run_cell', { notebookPath, cellId: cell.id }, 'cell_error');
    if (run.success !== true) {
      failed = { ...cell, evalue: String(run.evalue ?? '') };
      break;
    }
  }
  if (!failed) {
    throw new Error('no cell failed');
  }
  await transcript.call('edit_cell', {
    notebookPath,
    cellId: failed.id,
    content: derivedFix(failed.evalue, sources, sources[failed.index]!)
  });
  const runs: Record<string, unknown>[] = [];
  for (const cell of code.filter((cell) => cell.index >= failed.index)) {
    runs.push(await transcript.call('run_cell', { notebookPath, cellId: cell.id }));
  }
  await transcript.call('save_notebook', { notebookPath });
  return { failingCellId: failed.id, runs };
}

/** (e)'s section: five cells ending in a plot, run on (d)'s fixed notebook. */
export const PLOT_SECTION_CELLS: readonly NewCell[] = [
  markdown('## Distance from the average'),
  code('distance = [round(s - average, 1) for s in sales]\nmax(distance)'),
  code('closest = months[distance.index(min(distance, key=abs))]\nclosest'),
  code("fig, ax = plt.subplots(figsize=(5, 3))\nax.bar(months, distance)\nax.set_title('Distance from the average')\nplt.show()"),
  code("print(f'closest month {closest}, largest distance {max(distance, key=abs)}')")
];

/** (e): add the section at the end, run it, see the plot and save. */
export async function addPlotSection(transcript: Transcript, way: TaskWay, notebookPath: string): Promise<SectionOutcome> {
  if (way === 'batch') {
    const edited = await transcript.call('edit_notebook', {
      notebookPath,
      edits: PLOT_SECTION_CELLS.map((cell) => ({ op: 'add', ...cell })),
      run: 'edited',
      save: true
    });
    return { cellIds: edited.newCellIds as string[], runs: edited.cells as Record<string, unknown>[] };
  }
  const cellIds: string[] = [];
  for (const cell of PLOT_SECTION_CELLS) {
    cellIds.push((await transcript.call('add_cell', { notebookPath, ...cell })).cellId as string);
  }
  const runs: Record<string, unknown>[] = [];
  for (const cellId of cellIds) {
    runs.push(await transcript.call('run_cell', { notebookPath, cellId }));
  }
  await transcript.call('save_notebook', { notebookPath });
  return { cellIds, runs };
}

// ── (c) read a 50-cell notebook with outputs ───────────────────────────────

export const READ_CELL_COUNT = 50;
/**
 * The compact read's text at most this share of the nbformat read's, against
 * regressions: 29.8 % since a range's cells carry no index and a bare result
 * is its text (32.8 % before); issue 25 aims at 30 %, which the bench checks.
 */
export const READ_TARGET = 0.31;
/** The plots of the read notebook. */
export const READ_PICTURES = 2;

/**
 * pandas is not in the test machine's Python: this class shows itself as
 * pandas shows a 150-row DataFrame cut for display (its text repr and its
 * `<table class="dataframe">` HTML with the "rows × columns" footer).
 */
const FRAME_CLASS = String.raw`import math
class Frame:
    STYLE = '<style scoped>\n    .dataframe tbody tr th:only-of-type {\n        vertical-align: middle;\n    }\n\n    .dataframe tbody tr th {\n        vertical-align: top;\n    }\n\n    .dataframe thead th {\n        text-align: right;\n    }\n</style>\n'
    def __init__(self, rows, columns):
        self.rows, self.columns = rows, columns
    def value(self, i, j):
        return round(math.sin(i + j) * 100, 2)
    def shown(self):
        return list(range(5)) + list(range(self.rows - 5, self.rows))
    def __repr__(self):
        lines = ['     ' + ''.join(f'{c:>10}' for c in self.columns)]
        for n, i in enumerate(self.shown()):
            if n == 5:
                lines.append('..   ' + ''.join(f'{"...":>10}' for c in self.columns))
            lines.append(f'{i:<5}' + ''.join(f'{self.value(i, j):>10}' for j in range(len(self.columns))))
        return '\n'.join(lines) + f'\n\n[{self.rows} rows x {len(self.columns)} columns]'
    def _repr_html_(self):
        head = ''.join(f'      <th>{c}</th>\n' for c in self.columns)
        rows = []
        for n, i in enumerate(self.shown()):
            if n == 5:
                rows.append('    <tr>\n      <th>...</th>\n' + ''.join('      <td>...</td>\n' for c in self.columns) + '    </tr>\n')
            rows.append(f'    <tr>\n      <th>{i}</th>\n' + ''.join(f'      <td>{self.value(i, j)}</td>\n' for j in range(len(self.columns))) + '    </tr>\n')
        return (f'<div>\n{self.STYLE}<table border="1" class="dataframe">\n  <thead>\n    <tr style="text-align: right;">\n      <th></th>\n{head}'
                f'    </tr>\n  </thead>\n  <tbody>\n{"".join(rows)}  </tbody>\n</table>\n<p>{self.rows} rows × {len(self.columns)} columns</p>\n</div>')`;

const plot = (title: string) =>
  [
    'import matplotlib.pyplot as plt',
    'fig, ax = plt.subplots(figsize=(6, 4))',
    'ax.plot([math.sin(x / 10) for x in range(100)])',
    `ax.set_title(${JSON.stringify(title)})`,
    'plt.show()'
  ].join('\n');

/** The cells of the read notebook, in order: one markdown cell in five. */
function workedCells(): NewCell[] {
  const special: Record<number, string> = {
    1: FRAME_CLASS,
    3: "sales = Frame(150, ['region', 'units', 'price', 'revenue', 'margin'])\nsales",
    7: "costs = Frame(150, ['month', 'fixed', 'variable', 'total'])\ncosts",
    12: "for epoch in range(300):\n    print(f'epoch {epoch}: loss {1 / (epoch + 1):.4f}')",
    14: plot('Revenue'),
    18: "summary = Frame(150, ['mean', 'std', 'min', 'max'])\nsummary",
    22: "def load(name):\n    return {'a': 1}[name]\n\ndef prepare():\n    return load('b')\n\nprepare()",
    24: "joined = Frame(150, ['key', 'left', 'right'])\njoined",
    28: plot('Margin'),
    32: "pivot = Frame(150, ['q1', 'q2', 'q3', 'q4', 'total', 'share'])\npivot",
    38: "totals = Frame(150, ['total'])\ntotals"
  };
  return Array.from({ length: READ_CELL_COUNT }, (_, i) =>
    i % 5 === 0
      ? markdown(`## Part ${i / 5 + 1}\n\nWhat this part of the analysis does, in a sentence or two.`)
      : code(special[i] ?? `values_${i} = [x * ${i} for x in range(10)]\nsum(values_${i})`)
  );
}

/** The read notebook, every code cell run once, top to bottom (the traceback cell fails: that is its outcome). */
export async function workedNotebook(agent: TaskAgent, notebookPath: string): Promise<void> {
  await notebookWithCells(agent, notebookPath, workedCells(), true);
}

/** (c): the agent reads the whole notebook, in the way's format. */
export async function readWorked(transcript: Transcript, way: TaskWay, notebookPath: string): Promise<Record<string, unknown>> {
  return transcript.call('read_notebook', { notebookPath, ...(way === 'single' ? { format: 'nbformat' } : {}) });
}
