/**
 * Short cell ids (protocol's cell-ids.ts), on each page kind: a notebook whose
 * file names two UUID cells and two cells whose ids share their first 8
 * characters is read with 8-character ids (and the two as long as tells them
 * apart); a shown id edits and runs its cell, the whole id still does, and so
 * does any start of 4 characters one cell alone has; a start the two share is
 * refused (bad_input, naming both), and nothing changes. The nbformat read
 * keeps the file's ids; get_context's focus and widgets name cells as the
 * tools do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCodeNotebook, PAGE_KINDS } from './support/code-notebook.js';
import { startPageWithAgent, type PageWithAgent } from './support/lab-with-agent.js';

const NOTEBOOK = 'short-ids.ipynb';
const FIRST = 'f00dbeef-0a1b-4c2d-8e3f-000000000001';
const SECOND = '0badc0de-0a1b-4c2d-8e3f-000000000002';
const CELLS = [
  { id: FIRST, source: '1 + 1' },
  { id: 'abcd1234-x', source: '2 + 2' },
  { id: 'abcd1234-y', source: '3 + 3' },
  { id: SECOND, source: '4 + 4' }
];

describe.each(PAGE_KINDS)('short cell ids in $kind', (kind) => {
  let setup: PageWithAgent;
  const nbformatCells = async () =>
    (
      (await setup.mcp.ok('read_notebook', { notebookPath: NOTEBOOK, format: 'nbformat' })).content as {
        cells: { id: string; source: string }[];
      }
    ).cells;

  beforeAll(async () => {
    setup = await startPageWithAgent(kind.kind);
    await openCodeNotebook(setup, kind, NOTEBOOK, CELLS, { inTab: false });
  });

  afterAll(async () => {
    await setup?.stop();
  });

  it('reads 8-character ids, longer where two cells share their first 8, and the file its own ids', async () => {
    const read = await setup.mcp.ok('read_notebook', { notebookPath: NOTEBOOK });
    expect((read.cells as { id: string }[]).map((cell) => cell.id)).toEqual(['f00dbeef', 'abcd1234-x', 'abcd1234-y', '0badc0de']);
    expect((await nbformatCells()).map((cell) => cell.id)).toEqual(CELLS.map((cell) => cell.id));
  });

  it('edits and runs a cell by its shown id, its whole id and a start of 4 characters', async () => {
    expect(await setup.mcp.ok('edit_cell', { notebookPath: NOTEBOOK, cellId: 'f00dbeef', content: '5 + 5' })).toMatchObject({ index: 0 });
    expect(await setup.mcp.ok('edit_cell', { notebookPath: NOTEBOOK, cellId: SECOND, content: '6 + 6' })).toMatchObject({ index: 3 });
    const ran = await setup.mcp.ok('run_cell', { notebookPath: NOTEBOOK, cellId: 'f00dbeef' });
    expect(ran).toMatchObject({ status: 'ok', outputs: ['10'] });
    // Named as the agent named it (shown or whole): not named back.
    expect(ran).not.toHaveProperty('cellId');
    expect(await setup.mcp.ok('run_cell', { notebookPath: NOTEBOOK, cellId: SECOND })).not.toHaveProperty('cellId');
    const cells = await setup.mcp.ok('run_cells', { notebookPath: NOTEBOOK, cellIds: ['0bad', 'abcd1234-y'] });
    expect(cells.cells).toMatchObject([
      { cellId: '0badc0de', index: 3, outputs: ['12'] },
      { cellId: 'abcd1234-y', index: 2, outputs: ['6'] }
    ]);
    expect(await setup.mcp.ok('read_cell', { notebookPath: NOTEBOOK, cellId: 'abcd1234-x' })).toMatchObject({ index: 1, source: '2 + 2' });
    const edited = await setup.mcp.ok('edit_notebook', {
      notebookPath: NOTEBOOK,
      edits: [
        { op: 'add', content: '7 + 7', after: 'f00d', key: 'new' },
        { op: 'set_source', cellId: 'abcd1234-x', content: '8 + 8' }
      ]
    });
    expect((edited.newCellIds as string[])[0]).toHaveLength(8);
    expect((await nbformatCells()).map((cell) => cell.source)).toEqual(['5 + 5', '7 + 7', '8 + 8', '3 + 3', '6 + 6']);
  });

  it('refuses a start two cells share, naming both, and changes nothing', async () => {
    const before = await nbformatCells();
    for (const [tool, args] of [
      ['edit_cell', { cellId: 'abcd1234', content: 'no' }],
      ['run_cell', { cellId: 'abcd1234' }],
      ['run_cells', { fromCellId: 'abcd' }],
      ['read_notebook', { cellIds: ['abcd1234'] }],
      ['edit_notebook', { edits: [{ op: 'delete', cellId: 'abcd1234' }] }]
    ] as const) {
      const { result } = await setup.mcp.call(tool, { notebookPath: NOTEBOOK, ...args });
      expect(result, tool).toMatchObject({ success: false, code: 'bad_input' });
      expect(result.error, tool).toContain(`cells' ids ("abcd1234-x", "abcd1234-y"): give more of the id.`);
    }
    expect(await nbformatCells()).toEqual(before);
  });

  it("get_context names the person's active and selected cells as the tools do", async () => {
    if (!kind.oneDocument) {
      await setup.mcp.ok('open_document', { path: NOTEBOOK });
    }
    type Focus = { notebookPath: string; activeCell: { id: string; index: number }; selectedCells: { id: string; index: number }[] };
    const focus = async () => (await setup.mcp.ok('get_context')).focus as Focus | null;
    await expect.poll(async () => (await focus())?.activeCell?.index, { timeout: 30_000 }).toBeGreaterThanOrEqual(0);
    const context = await setup.mcp.ok('get_context');
    const { notebookPath, activeCell, selectedCells } = context.focus as Focus;
    const shown = ((await setup.mcp.ok('read_notebook', { notebookPath: NOTEBOOK })).cells as { id: string }[]).map((cell) => cell.id);
    expect(notebookPath).toBe(NOTEBOOK);
    expect(activeCell.id).toBe(shown[activeCell.index]);
    expect(selectedCells.map((cell) => cell.id)).toEqual(selectedCells.map((cell) => shown[cell.index]));
    const widget = (context.widgets as { path?: string; notebook?: { activeCellId?: string } }[]).find((w) => w.path === NOTEBOOK);
    expect(widget?.notebook?.activeCellId).toBe(activeCell.id);
  });
});
