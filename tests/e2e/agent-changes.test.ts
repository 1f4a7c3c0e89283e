/**
 * Review and take back (SPEC §2.5), on each page kind, the person acting with
 * clicks and keys in the real page: the agent makes three calls that change
 * cells; the person opens the "Agent changes" panel (JupyterLab and
 * JupyterLite: from the status item; Notebook 7, which has no status bar:
 * View > Right Sidebar) and finds the three calls, newest first, each with a
 * diff per cell; "Revert this call" on the middle one restores exactly its
 * cells, and the agent's next result tells it so; taking it back again is refused; after the person types in a cell a
 * call changed, its revert is refused naming that cell, and nothing changes;
 * a call that moved two cells past a third is taken back to the old order;
 * the entries follow the notebook's rename, and once the person closes it,
 * its calls are no longer listed.
 * On JupyterLab the panel is shot for the README into test-results/ (the
 * committed copy in docs/images/ is that file, docs/development.md).
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCodeNotebook, PAGE_KINDS, SHOWN_CELLS, type PageKindWithKernel } from './support/code-notebook.js';
import { startPageWithAgent, type PageWithAgent } from './support/lab-with-agent.js';
import { shownIds } from './support/shown-ids.js';

/** JupyterLab's run keeps a picture of the panel (docs/images/). */
const SHOT = fileURLToPath(new URL('../../test-results/agent-changes.png', import.meta.url));
const KINDS: (PageKindWithKernel & { shot?: string })[] = PAGE_KINDS.map((kind) =>
  kind.kind === 'JupyterLab' ? { ...kind, shot: SHOT } : kind
);

const NOTEBOOK = 'review.ipynb';
const RENAMED = 'reviewed.ipynb';
const START = [
  { id: 'cell-alpha', source: 'alpha = 1' },
  { id: 'cell-beta', source: 'beta = 2' },
  { id: 'cell-gamma', source: 'gamma = 3' }
];
/** The cells' ids as the answers show them. */
const SHOWN = shownIds(START.map((cell) => cell.id));
const PANEL = '#jp-live-mcp-agent-changes';

const entry = (page: Page, id: number) => page.locator(`${PANEL} .jp-live-mcp-change[data-entry="${id}"]`);
const button = (page: Page, id: number, label: string) => entry(page, id).locator('button', { hasText: new RegExp(`^${label}$`) });

describe.each(KINDS)('the Agent changes panel in $kind', (kind) => {
  let setup: PageWithAgent;
  /** The cell call #2 added. */
  let addedCellId = '';
  const page = () => setup.page;
  const sources = async () =>
    ((await setup.mcp.ok('read_notebook', { notebookPath: NOTEBOOK })).cells as { id: string; source: string }[]).map(({ id, source }) => [
      id,
      source
    ]);

  beforeAll(async () => {
    setup = await startPageWithAgent(kind.kind);
    await page().setViewportSize({ width: 1280, height: 800 });
    await openCodeNotebook(setup, kind, NOTEBOOK, START);
  });

  afterAll(async () => {
    await setup?.stop();
  });

  it('lists the three calls that changed cells, newest first, with a diff per cell', async () => {
    await setup.mcp.ok('edit_cell', { notebookPath: NOTEBOOK, cellId: 'cell-alpha', content: 'alpha = 10' });
    const { newCellIds } = await setup.mcp.ok('edit_notebook', {
      notebookPath: NOTEBOOK,
      edits: [
        { op: 'set_source', cellId: 'cell-beta', content: 'beta = 20\nprint(beta)' },
        { op: 'add', content: 'delta = 4', at: 'end' }
      ]
    });
    addedCellId = (newCellIds as string[])[0]!;
    // Reads change nothing: no entry.
    await setup.mcp.ok('read_notebook', { notebookPath: NOTEBOOK });
    await setup.mcp.ok('edit_cell', { notebookPath: NOTEBOOK, cellId: 'cell-gamma', content: 'gamma = 30' });

    if (kind.oneDocument) {
      // Notebook 7 has no status bar: its View menu lists the right sidebar's panels.
      await page()
        .locator('.lm-MenuBar-itemLabel', { hasText: /^View$/ })
        .click();
      await page()
        .locator('.lm-Menu-itemLabel', { hasText: /^Right Sidebar$/ })
        .click();
      await page()
        .locator('.lm-Menu-itemLabel', { hasText: /^Show Agent changes$/ })
        .click();
    } else {
      await page().locator('.jp-live-mcp-status').click();
      await page().locator('.jp-Dialog .jp-Dialog-button', { hasText: 'Agent changes' }).click();
    }
    await expect.poll(() => page().locator(PANEL).isVisible(), { timeout: 10_000 }).toBe(true);
    const headings = await page().locator(`${PANEL} .jp-live-mcp-change-heading`).allInnerTexts();
    expect(headings).toEqual([`#3 edit_cell · ${NOTEBOOK}`, `#2 edit_notebook · ${NOTEBOOK}`, `#1 edit_cell · ${NOTEBOOK}`]);
    const middle = entry(page(), 2);
    expect(await middle.locator('.jp-live-mcp-change-cell-title').allInnerTexts()).toEqual(['Cell 2 edited', 'Cell 4 added']);
    expect(await middle.locator('.jp-live-mcp-diff').allInnerTexts()).toEqual(['- beta = 2\n+ beta = 20\n+ print(beta)', '+ delta = 4']);
    expect(await entry(page(), 1).locator('.jp-live-mcp-diff').innerText()).toBe('- alpha = 1\n+ alpha = 10');
    expect(await entry(page(), 3).locator('.jp-live-mcp-diff').innerText()).toBe('- gamma = 3\n+ gamma = 30');
  });

  it('"Revert this call" on the middle call restores exactly its cells, and a second revert of it is refused', async () => {
    await button(page(), 2, 'Revert this call').click();
    await expect
      .poll(() => entry(page(), 2).locator('.jp-live-mcp-change-outcome').innerText())
      .toBe(`Took back call #2 in "${NOTEBOOK}".`);
    // The revert is the person's edit: the agent's next result on the notebook tells it, once.
    const { changes } = await setup.mcp.ok('read_notebook', { notebookPath: NOTEBOOK });
    expect(changes).toEqual({ edited: [{ id: SHOWN['cell-beta'], index: 1 }], deleted: [addedCellId] });
    expect(await sources()).toEqual([
      [SHOWN['cell-alpha'], 'alpha = 10'],
      [SHOWN['cell-beta'], 'beta = 2'],
      [SHOWN['cell-gamma'], 'gamma = 30']
    ]);
    expect(await entry(page(), 2).locator('.jp-live-mcp-change-detail').innerText()).toMatch(/Taken back at /);
    if (kind.shot) {
      // The file browser is empty here: the person closes it, as they would to see more.
      await page().locator('.jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current').click();
      const png = await page().screenshot({ path: kind.shot });
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1280, 800]);
    }

    await button(page(), 2, 'Revert this call').click();
    await expect
      .poll(() => entry(page(), 2).locator('.jp-live-mcp-change-outcome[role="alert"]').innerText())
      .toMatch(/^Not taken back: call #2 \(edit_notebook\) was taken back already, at .+: there is nothing of it left to take back\.$/);
    expect(await sources()).toEqual([
      [SHOWN['cell-alpha'], 'alpha = 10'],
      [SHOWN['cell-beta'], 'beta = 2'],
      [SHOWN['cell-gamma'], 'gamma = 30']
    ]);
  });

  it('refuses to take back a call over a cell the person changed since, naming the cell, and changes nothing', async () => {
    await page().locator(SHOWN_CELLS).nth(0).locator('.jp-InputArea-editor').click();
    await page().keyboard.press('End');
    await page().keyboard.type(' + 1');
    await expect.poll(sources, { timeout: 10_000 }).toContainEqual([SHOWN['cell-alpha'], 'alpha = 10 + 1']);

    const refusal =
      'Not taken back: call #1 (edit_cell) was not taken back, nothing changed: cell 1 "alpha = 10 + 1" (by the person) changed since. ' +
      'Take those changes back first, or change the cells by hand.';
    const outcome = () => entry(page(), 1).locator('.jp-live-mcp-change-outcome[role="alert"]').innerText();
    await button(page(), 1, 'Revert this call').click();
    await expect.poll(outcome).toBe(refusal);
    // All or none: the later call #3, which could be taken back, is not either.
    await button(page(), 1, 'Revert everything since this call').click();
    await expect.poll(() => entry(page(), 3).locator('.jp-live-mcp-change-detail').innerText()).not.toMatch(/Taken back/);
    expect(await outcome()).toBe(refusal);
    expect(await sources()).toEqual([
      [SHOWN['cell-alpha'], 'alpha = 10 + 1'],
      [SHOWN['cell-beta'], 'beta = 2'],
      [SHOWN['cell-gamma'], 'gamma = 30']
    ]);
  });

  it('takes back a call that moved two cells past a third: the cells are in their old order again', async () => {
    await setup.mcp.ok('edit_notebook', {
      notebookPath: NOTEBOOK,
      edits: [
        { op: 'move', cellId: 'cell-gamma', at: 'start' },
        { op: 'move', cellId: 'cell-beta', before: 'cell-gamma' }
      ]
    });
    expect((await sources()).map(([id]) => id)).toEqual([SHOWN['cell-beta'], SHOWN['cell-gamma'], SHOWN['cell-alpha']]);
    // The panel says the same order as one move: the first cell to the end.
    await expect
      .poll(() => entry(page(), 4).locator('.jp-live-mcp-change-cell-title').allInnerTexts(), { timeout: 10_000 })
      .toEqual(['Cell 3 moved from 1']);

    await button(page(), 4, 'Revert this call').click();
    await expect
      .poll(() => entry(page(), 4).locator('.jp-live-mcp-change-outcome').innerText())
      .toBe(`Took back call #4 in "${NOTEBOOK}".`);
    expect(await sources()).toEqual([
      [SHOWN['cell-alpha'], 'alpha = 10 + 1'],
      [SHOWN['cell-beta'], 'beta = 2'],
      [SHOWN['cell-gamma'], 'gamma = 30']
    ]);
  });

  it.skipIf(kind.oneDocument)('follows a notebook the person renames, then forgets its calls once they close it', async () => {
    await page()
      .locator('.lm-MenuBar-itemLabel', { hasText: /^File$/ })
      .click();
    await page()
      .locator('.lm-Menu-itemLabel', { hasText: /^Rename Notebook…$/ })
      .click();
    await page().locator('.jp-Dialog input').fill(RENAMED);
    await page()
      .locator('.jp-Dialog .jp-Dialog-button', { hasText: /^Rename$/ })
      .click();
    await expect
      .poll(() => page().locator(`${PANEL} .jp-live-mcp-change-heading`).allInnerTexts(), { timeout: 10_000 })
      .toEqual([
        `#4 edit_notebook · ${RENAMED}`,
        `#3 edit_cell · ${RENAMED}`,
        `#2 edit_notebook · ${RENAMED}`,
        `#1 edit_cell · ${RENAMED}`
      ]);

    await page().locator('.lm-DockPanel-tabBar .lm-TabBar-tab', { hasText: RENAMED }).locator('.lm-TabBar-tabCloseIcon').click();
    // Its unsaved changes: the person discards them.
    await page()
      .locator('.jp-Dialog .jp-Dialog-button', { hasText: /^Discard$/ })
      .click();
    await expect.poll(() => page().locator(`${PANEL} .jp-live-mcp-change`).count(), { timeout: 10_000 }).toBe(0);
    expect(await page().locator(`${PANEL} .jp-live-mcp-changes-intro`).innerText()).toMatch(/^No agent call has changed cells/);
  });
});
