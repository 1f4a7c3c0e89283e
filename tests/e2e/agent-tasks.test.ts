/**
 * The agent tasks of issue 15 (tests/e2e/support/agent-tasks.ts) end to end on
 * JupyterLab 4.6 with the python3 kernel, each done with the batch tools and
 * the compact view and with the single-cell tools only: the outcome the person
 * would check (the fixed cell ran, the plot came as an MCP image, the new
 * section ran with its outputs, the compact read has every cell and the same
 * pictures), and for the batch tools the targets: (a) ≤ 4 calls, (b) ≤ 3
 * calls, (c) the compact read's text ≤ READ_TARGET of the nbformat read's,
 * and the untuned ones, their result on disk: (d) ≤ 3 calls, (e) ≤ 2. (Not on
 * JupyterLite: its JavaScript kernel draws no plots, and batch-tools.test.ts
 * runs task (b) there.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompactOutput,
  addPlotSection,
  addSection,
  FAILING_INDEX,
  FIX_CELL_COUNT,
  fixFailingCell,
  fixNotebook,
  fixUnrun,
  PLOT_INDEX,
  PLOT_SECTION_CELLS,
  raised,
  READ_CELL_COUNT,
  READ_PICTURES,
  READ_TARGET,
  readWorked,
  SECTION_CELLS,
  shownText,
  TASK_WAYS,
  Transcript,
  unrunNotebook,
  workedNotebook
} from './support/agent-tasks.js';
import { startPageWithAgent, type PageWithAgent } from './support/lab-with-agent.js';
import { shownIds } from './support/shown-ids.js';

/** A run of all 50 cells takes a while on a loaded machine: no call of these tasks goes pending. */
const PENDING_AFTER_SECONDS = 120;

interface Run {
  status: string;
  outputs?: CompactOutput[];
}

describe('the agent tasks in JupyterLab (python3)', () => {
  let setup: PageWithAgent;

  beforeAll(async () => {
    setup = await startPageWithAgent('JupyterLab', { bridgeSettings: { pendingAfterSeconds: PENDING_AFTER_SECONDS } });
    await setup.open();
  });

  afterAll(async () => {
    await setup?.stop();
  });

  /** A cell id as the answers show it: a whole one (the nbformat way's, from the file) shown against the notebook's, a shown one as it is. */
  const shown = async (notebookPath: string, id: string) => {
    const read = await setup.mcp.ok('read_notebook', { notebookPath, format: 'nbformat' });
    return shownIds((read.content as { cells: { id: string }[] }).cells.map((cell) => cell.id))[id] ?? id;
  };

  describe.each(TASK_WAYS)('with the $label', ({ way }) => {
    const notebookPath = `task-${way}.ipynb`;

    it('(a) finds the failing cell, fixes it, reruns from it and sees the plot', async () => {
      const ids = await fixNotebook(setup.mcp, notebookPath);
      const transcript = new Transcript(setup.mcp);
      const { failingCellId, runs } = await fixFailingCell(transcript, way, notebookPath);
      expect(await shown(notebookPath, failingCellId)).toBe(ids[FAILING_INDEX]);
      expect((runs as unknown as Run[]).filter((run) => run.status !== 'no-op').map((run) => run.status)).toEqual(Array(6).fill('ok'));
      // The plot is attached to the run's result as an MCP image block, and the cell's output names it.
      expect(transcript.pictures).toBe(1);
      expect(JSON.stringify(runs)).toMatch(/"image\/png":"\[image 1: image\/png \d+x\d+, attached\]"/);
      const read = await setup.mcp.ok('read_notebook', { notebookPath });
      const cells = read.cells as { id: string; source: string; outputs?: Run['outputs'] }[];
      expect(cells).toHaveLength(FIX_CELL_COUNT);
      expect(cells[FAILING_INDEX]).toMatchObject({
        source: expect.stringContaining('total / len(sales)'),
        outputs: [expect.any(String)]
      });
      expect(cells.flatMap((cell) => cell.outputs ?? []).some(raised)).toBe(false);
      expect(cells[PLOT_INDEX]!.outputs?.some((output) => typeof output === 'object' && output['image/png'] !== undefined)).toBe(true);
      if (way === 'batch') {
        expect(transcript.calls.map((call) => call.tool)).toEqual(['read_notebook', 'edit_cell', 'run_cells']);
        expect(transcript.calls.length).toBeLessThanOrEqual(4);
      }
    });

    it('(b) adds a five-cell analysis section and runs it', async () => {
      const transcript = new Transcript(setup.mcp);
      const { cellIds, runs } = await addSection(transcript, way, notebookPath);
      expect(cellIds).toHaveLength(SECTION_CELLS.length);
      expect((runs as unknown as Run[]).map((run) => run.status)).toEqual(['no-op', 'ok', 'ok', 'ok', 'ok']);
      const texts = (runs as unknown as Run[]).slice(1).map((run) => run.outputs?.map(shownText).join(''));
      expect(texts.every((text) => text !== undefined && text !== '')).toBe(true);
      expect(texts[3]).toMatch(/^spread \d+\.\d, std \d+\.\d\d, months above average \d+\n$/);
      const read = await setup.mcp.ok('read_notebook', { notebookPath, from: FIX_CELL_COUNT });
      expect((read.cells as { id: string }[]).map((cell) => cell.id)).toEqual(cellIds);
      if (way === 'batch') {
        expect(transcript.calls.map((call) => call.tool)).toEqual(['edit_notebook', 'run_cells']);
        expect(transcript.calls.length).toBeLessThanOrEqual(3);
      }
    });
  });

  describe.each(TASK_WAYS)('untuned, with the $label', ({ way }) => {
    const notebookPath = `untuned-${way}.ipynb`;
    const onDisk = () =>
      (
        JSON.parse(readFileSync(path.join(setup.site.rootDir!, notebookPath), 'utf8')) as { cells: { source: string | string[] }[] }
      ).cells.map((cell) => [cell.source].flat().join(''));

    it('(d) fixes a notebook that never ran: runs it to find the error, derives the fix, reruns from it, sees the plot; the fix is on disk', async () => {
      const ids = await unrunNotebook(setup.mcp, notebookPath);
      const transcript = new Transcript(setup.mcp);
      const { failingCellId, runs } = await fixUnrun(transcript, way, notebookPath);
      expect(await shown(notebookPath, failingCellId)).toBe(ids[FAILING_INDEX]);
      expect((runs as unknown as Run[]).filter((run) => run.status !== 'no-op').map((run) => run.status)).toEqual(Array(6).fill('ok'));
      expect(transcript.pictures).toBe(1);
      const saved = onDisk();
      expect(saved).toHaveLength(FIX_CELL_COUNT);
      expect(saved[FAILING_INDEX]).toContain('total / len(sales)');
      if (way === 'batch') {
        expect(transcript.calls.map((call) => call.tool)).toEqual(['read_notebook', 'run_cells', 'edit_notebook']);
      }
    });

    it('(e) adds a five-cell section with a plot, runs it and sees the plot; the cells are on disk', async () => {
      const transcript = new Transcript(setup.mcp);
      const { cellIds, runs } = await addPlotSection(transcript, way, notebookPath);
      expect(cellIds).toHaveLength(PLOT_SECTION_CELLS.length);
      expect((runs as unknown as Run[]).map((run) => run.status)).toEqual(['no-op', 'ok', 'ok', 'ok', 'ok']);
      expect(transcript.pictures).toBe(1);
      expect(onDisk().slice(FIX_CELL_COUNT)).toEqual(PLOT_SECTION_CELLS.map((cell) => cell.content));
      if (way === 'batch') {
        expect(transcript.calls.map((call) => call.tool)).toEqual(['edit_notebook']);
      }
    });
  });

  it(`(c) reads a 50-cell notebook with outputs: the compact read has every cell and the same pictures in at most ${READ_TARGET * 100}% of the characters`, async () => {
    const notebookPath = 'task-read.ipynb';
    await workedNotebook(setup.mcp, notebookPath);
    const compact = new Transcript(setup.mcp);
    const compactRead = await readWorked(compact, 'batch', notebookPath);
    const nbformat = new Transcript(setup.mcp);
    const nbformatRead = await readWorked(nbformat, 'single', notebookPath);
    const ids = (nbformatRead.content as { cells: { id: string }[] }).cells.map((cell) => cell.id);
    expect(ids).toHaveLength(READ_CELL_COUNT);
    const cells = compactRead.cells as { id: string; index?: number; outputs?: CompactOutput[] }[];
    const shownAs = shownIds(ids);
    expect(cells.map((cell) => cell.id)).toEqual(ids.map((id) => shownAs[id]));
    // The whole read's cells come in order: none repeats its index.
    expect(cells.every((cell) => cell.index === undefined)).toBe(true);
    const outputs = cells.flatMap((cell) => cell.outputs ?? []);
    expect(outputs.filter((output) => typeof output === 'object' && output.table?.startsWith('DataFrame: 150 rows'))).toHaveLength(6);
    expect(outputs.filter(raised).map((output) => output.error)).toEqual(["KeyError: 'b'"]);
    // IPython's header ("----" and "KeyError  Traceback (most recent call last)") is left out.
    expect(JSON.stringify(outputs)).not.toMatch(/Traceback \(most recent call last\)|-{20}/);
    expect(compact.pictures).toBe(READ_PICTURES);
    expect(nbformat.pictures).toBe(READ_PICTURES);
    expect(compact.textChars / nbformat.textChars).toBeLessThanOrEqual(READ_TARGET);
  });

  it('left no dialog open in the page, and the bridge logged no errors', async () => {
    expect((await setup.mcp.ok('get_context')).dialogs).toEqual([]);
    expect(setup.consoleErrors.filter((text) => text.includes('jupyter-live-mcp'))).toEqual([]);
  });
});
