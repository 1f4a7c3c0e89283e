/**
 * Working beside the person (SPEC §2.5), on each page kind, the person acting
 * through the real page with keys and clicks: what they type in a cell after
 * the agent read it is never overwritten (the edit answers conflict with
 * their text, and goes through once redone on it); the cells they run and the
 * kernel they restart reach the agent in its next notebook result; bad
 * guards are refused with nothing changed. Two agents over --http each hear
 * of the other's changes, never of their own.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.js';
import { openCodeNotebook, PAGE_KINDS, SHOWN_CELLS } from './support/code-notebook.js';
import { startHttpServer, type HttpAgent, type HttpServer } from './support/http-server.js';
import { startPageWithAgent, startSite, type JupyterSite, type PageWithAgent } from './support/lab-with-agent.js';
import { waitFor } from './support/wait-for.js';

const NOTEBOOK = 'beside.ipynb';
const CELLS = ['a = 1', 'b = 2', 'c = 3', 'd = 4', 'e = 5'].map((source, index) => ({ id: `cell-${index}`, source }));
/** How long after their last key the person no longer counts as typing in a cell (conflict-rule.ts), and a little more. */
const PAST_TYPING_MS = 3500;

const cell = (page: Page, index: number) => page.locator(SHOWN_CELLS).nth(index);
const shownSource = (page: Page, index: number) => cell(page, index).locator('.jp-InputArea-editor .cm-content').innerText();

interface ConflictCell {
  id: string;
  index: number;
  reason: string;
  revision: string;
  source: string;
}

describe.each(PAGE_KINDS)('beside the person in $kind', (kind) => {
  let setup: PageWithAgent;
  const page = () => setup.page;
  const readAll = async () => (await setup.mcp.ok('read_notebook', { notebookPath: NOTEBOOK })) as Record<string, unknown>;

  beforeAll(async () => {
    setup = await startPageWithAgent(kind.kind);
    await openCodeNotebook(setup, kind, NOTEBOOK, CELLS);
  });

  afterAll(async () => {
    await setup?.stop();
  });

  it("refuses the agent's edit of a cell the person rewrote after its read, with their text, and takes it redone on that text", async () => {
    const read = await readAll();
    const third = (read.cells as { id: string; revision: string }[])[3]!;
    expect(third).toMatchObject({ id: 'cell-3', revision: expect.stringMatching(/^[0-9a-z]{1,11}$/) });

    await cell(page(), 3).locator('.jp-InputArea-editor').click();
    await page().keyboard.press('End');
    await page().keyboard.type(' + 40');
    await expect.poll(() => shownSource(page(), 3), { timeout: 10_000 }).toBe('d = 4 + 40');

    // While they type: refused, saying so.
    const typing = await setup.mcp.call('edit_cell', { notebookPath: NOTEBOOK, cellId: 'cell-3', content: 'd = "agent"' });
    expect(typing.result).toMatchObject({ success: false, code: 'conflict', changes: { edited: [{ id: 'cell-3', index: 3 }] } });
    expect(typing.result.conflicts).toEqual([
      { id: 'cell-3', index: 3, reason: 'typing', revision: expect.any(String), source: 'd = 4 + 40' }
    ]);
    expect(typing.result.error).toContain('being typed in by the person');

    // Once they stopped: refused for the change the agent has not seen, with the text and revision it has now.
    await new Promise((resolve) => setTimeout(resolve, PAST_TYPING_MS));
    const changed = await setup.mcp.call('edit_cell', { notebookPath: NOTEBOOK, cellId: 'cell-3', content: 'd = "agent"' });
    expect(changed.result).toMatchObject({ success: false, code: 'conflict' });
    const [conflict] = changed.result.conflicts as ConflictCell[];
    expect(conflict).toMatchObject({ id: 'cell-3', reason: 'changed', source: 'd = 4 + 40' });
    expect(conflict!.revision).not.toBe(third.revision);
    expect(await shownSource(page(), 3)).toBe('d = 4 + 40');

    // The revision it had is no longer the cell's; the one the conflict gave is, and the edit made on that text goes through.
    const stale = await setup.mcp.call('edit_cell', { notebookPath: NOTEBOOK, cellId: 'cell-3', content: 'x', ifRevision: third.revision });
    expect(stale.result).toMatchObject({ success: false, code: 'conflict', conflicts: [{ id: 'cell-3', reason: 'revision' }] });
    await setup.mcp.ok('edit_cell', {
      notebookPath: NOTEBOOK,
      cellId: 'cell-3',
      content: 'd = 4 + 40 + 1',
      ifRevision: conflict!.revision
    });
    await expect.poll(() => shownSource(page(), 3), { timeout: 10_000 }).toBe('d = 4 + 40 + 1');
    // Its own edit is not news to it.
    expect((await readAll()).changes).toBeUndefined();
  });

  it('refuses all of an edit_notebook when one of its cells changed, and lets force through', async () => {
    await readAll();
    await cell(page(), 0).locator('.jp-InputArea-editor').click();
    await page().keyboard.press('End');
    await page().keyboard.type('0');
    await expect.poll(() => shownSource(page(), 0), { timeout: 10_000 }).toBe('a = 10');
    const edits = [
      { op: 'set_source', cellId: 'cell-1', content: 'b = "agent"' },
      { op: 'delete', cellId: 'cell-0' }
    ];
    const refused = await setup.mcp.call('edit_notebook', { notebookPath: NOTEBOOK, edits });
    expect(refused.result).toMatchObject({ success: false, code: 'conflict', conflicts: [{ id: 'cell-0', source: 'a = 10' }] });
    expect(await page().locator(SHOWN_CELLS).count()).toBe(CELLS.length);
    expect(await shownSource(page(), 1)).toBe('b = 2');
    const forced = [{ op: 'set_source', cellId: 'cell-0', content: 'a = "forced"' }];
    expect(await setup.mcp.ok('edit_notebook', { notebookPath: NOTEBOOK, edits: forced, force: true })).toMatchObject({ success: true });
    await expect.poll(() => shownSource(page(), 0), { timeout: 10_000 }).toBe('a = "forced"');
  });

  it('tells the agent, in its next notebook result, of the cell the person ran and the kernel they restarted', async () => {
    await readAll();
    await cell(page(), 2).locator('.jp-InputPrompt').click();
    await page().keyboard.press('Escape');
    await page().keyboard.press('Control+Enter');
    await expect.poll(() => cell(page(), 2).locator('.jp-InputPrompt').innerText(), { timeout: 60_000 }).toMatch(/\[\d+\]/);
    const count = Number(/\[(\d+)\]/.exec(await cell(page(), 2).locator('.jp-InputPrompt').innerText())![1]);

    // The person restarts the kernel from the command mode's keys (0, 0) and says yes in JupyterLab's dialog.
    await page().keyboard.press('Escape');
    await page().keyboard.press('0');
    await page().keyboard.press('0');
    await page().locator('.jp-Dialog .jp-mod-accept').click({ timeout: 20_000 });
    await expect.poll(() => page().locator('.jp-Dialog').count(), { timeout: 20_000 }).toBe(0);

    const { changes } = await readAll();
    expect(changes).toEqual({ ran: [{ id: 'cell-2', index: 2, executionCount: count, ok: true }], kernel: ['restarted'] });
    // Told once.
    expect((await readAll()).changes).toBeUndefined();
  });

  it('refuses a revision of the wrong shape and a force that is no boolean, changing nothing', async () => {
    const before = await shownSource(page(), 4);
    const shape = await setup.mcp.call('edit_cell', {
      notebookPath: NOTEBOOK,
      cellId: 'cell-4',
      content: 'x',
      ifRevision: 'Not A Revision!'
    });
    expect(shape.result).toMatchObject({ success: false, code: 'bad_input' });
    expect(shape.result.error).toContain('ifRevision');
    const force = await setup.mcp.call('delete_cell', { notebookPath: NOTEBOOK, cellId: 'cell-4', force: 'yes' });
    expect(force.result).toMatchObject({ success: false, code: 'bad_input' });
    expect(force.result.error).toContain('force');
    const inEdits = await setup.mcp.call('edit_notebook', {
      notebookPath: NOTEBOOK,
      edits: [{ op: 'delete', cellId: 'cell-4', ifRevision: 42 }]
    });
    expect(inEdits.result).toMatchObject({ success: false, code: 'bad_input' });
    expect(await page().locator(SHOWN_CELLS).count()).toBe(CELLS.length);
    expect(await shownSource(page(), 4)).toBe(before);
  });

  it('tells the agent of the cell the person added and the one they deleted, with the keys of command mode', async () => {
    await readAll();
    await cell(page(), 4).locator('.jp-InputPrompt').click();
    await page().keyboard.press('Escape');
    await page().keyboard.press('b');
    await expect.poll(() => page().locator(SHOWN_CELLS).count(), { timeout: 10_000 }).toBe(CELLS.length + 1);
    await page().keyboard.press('Escape');
    await cell(page(), 1).locator('.jp-InputPrompt').click();
    await page().keyboard.press('Escape');
    await page().keyboard.press('d');
    await page().keyboard.press('d');
    await expect.poll(() => page().locator(SHOWN_CELLS).count(), { timeout: 10_000 }).toBe(CELLS.length);

    const { changes, cells } = await readAll();
    const added = (cells as { id: string }[])[4]!.id;
    expect(changes).toEqual({ added: [{ id: added, index: 4 }], deleted: ['cell-1'] });
  });
});

describe('a notebook the person closed between the agent’s read and its edit, in JupyterLab', () => {
  let setup: PageWithAgent;
  const CLOSED = 'closed.ipynb';

  beforeAll(async () => {
    setup = await startPageWithAgent('JupyterLab');
    await openCodeNotebook(setup, PAGE_KINDS[0]!, CLOSED, CELLS);
  });

  afterAll(async () => {
    await setup?.stop();
  });

  it('refuses the edit, opening nothing and changing nothing, until the agent reads it again', async () => {
    await setup.mcp.ok('read_notebook', { notebookPath: CLOSED });
    await setup.page.locator(`#jp-main-dock-panel .lm-TabBar-tab:has-text("${CLOSED}") .lm-TabBar-tabCloseIcon`).click();
    // Opening set its kernel in the metadata: the person lets that unsaved change go.
    await setup.page.locator('.jp-Dialog .jp-mod-warn').click({ timeout: 20_000 });
    await expect.poll(() => setup.page.locator('.jp-NotebookPanel').count(), { timeout: 20_000 }).toBe(0);

    const refused = await setup.mcp.call('edit_cell', { notebookPath: CLOSED, cellId: 'cell-1', content: 'b = "agent"' });
    expect(refused.result).toMatchObject({ success: false, code: 'conflict', closed: true, changes: { closed: true } });
    expect(refused.result.error).toContain('closed after you last read it');
    expect(await setup.page.locator('.jp-NotebookPanel').count()).toBe(0);
    const onDisk = JSON.parse(await readFile(path.join(setup.site.rootDir!, CLOSED), 'utf8'));
    expect(onDisk.cells[1].source).toBe('b = 2');

    await setup.mcp.ok('read_notebook', { notebookPath: CLOSED });
    await setup.mcp.ok('edit_cell', { notebookPath: CLOSED, cellId: 'cell-1', content: 'b = "agent"' });
    expect((await setup.mcp.ok('read_cell', { notebookPath: CLOSED, cellId: 'cell-1' })).source).toBe('b = "agent"');
  });
});

describe.each(PAGE_KINDS)('two agents over --http on one $kind page', (kind) => {
  let server: HttpServer;
  let site: JupyterSite;
  let browser: Browser;
  let agentA: HttpAgent;
  let agentB: HttpAgent;
  const SHARED = 'two-agents.ipynb';
  const read = async (agent: HttpAgent) => (await agent.ok('read_notebook', { notebookPath: SHARED })).changes;

  beforeAll(async () => {
    server = await startHttpServer();
    site = await startSite(kind.kind, { serverUrls: [`ws://127.0.0.1:${server.port}`], token: server.token });
    browser = await launchChromium();
    agentA = await server.connect('agent-a');
    agentB = await server.connect('agent-b');
    await (await browser.newPage()).goto(site.url);
    await waitFor('the page', async () => (await agentA.call('get_context')).result.success === true, 60_000);
    await agentA.ok('create_notebook', { name: SHARED, kernel: kind.kernel });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await server?.stop();
  });

  it('each hears of what the other changed and ran, never of its own', async () => {
    expect(await read(agentA)).toBeUndefined();
    expect(await read(agentB)).toBeUndefined();
    // The new notebook's lone empty cell gives way to A's.
    const { cellId: fromA, replacedCellId } = await agentA.ok('add_cell', { notebookPath: SHARED, content: 'x = 1' });
    const { executionCount } = await agentA.ok('run_cell', { notebookPath: SHARED, cellId: fromA });
    // B's next call on the notebook, whatever it is, tells B what A did.
    const { cellId: fromB, changes: heardByB } = await agentB.ok('add_cell', { notebookPath: SHARED, content: 'y = 2' });
    expect(heardByB).toEqual({
      added: [{ id: fromA, index: 0 }],
      deleted: [replacedCellId],
      ran: [{ id: fromA, index: 0, executionCount, ok: true }]
    });
    expect(await read(agentA)).toEqual({ added: [{ id: fromB, index: 1 }] });

    // B rewrites A's cell: A's edit from its own picture is refused, B's own is not news to B.
    await agentB.ok('edit_cell', { notebookPath: SHARED, cellId: fromA, content: 'x = 100' });
    const refused = await agentA.call('edit_cell', { notebookPath: SHARED, cellId: fromA, content: 'x = 2' });
    expect(refused.result).toMatchObject({
      success: false,
      code: 'conflict',
      changes: { edited: [{ id: fromA, index: 0 }] },
      conflicts: [{ id: fromA, reason: 'changed', source: 'x = 100' }]
    });
    expect(await read(agentB)).toBeUndefined();
  });
});
