/**
 * The person points (SPEC §2.5), on each page kind: what they select in the
 * real page with clicks and keys — cells, text in a cell's editor — is where
 * get_context.focus says they are, is listed as MCP resources (the client
 * hears the list change) and resources/read gives those cells, with their
 * sources, and that text.
 */
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCodeNotebook, PAGE_KINDS, SHOWN_CELLS } from './support/code-notebook.js';
import { startPageWithAgent, type PageWithAgent } from './support/lab-with-agent.js';
import { shownIds } from './support/shown-ids.js';
import { waitFor } from './support/wait-for.js';

const NOTEBOOK = 'pointing.ipynb';
const CELLS = [
  { id: 'cell-alpha', source: 'alpha = 1' },
  { id: 'cell-beta', source: 'beta = 2' },
  { id: 'cell-gamma', source: 'gamma = 3' },
  { id: 'cell-delta', source: 'delta = 4' }
];
/** The cells' ids as the focus and the answers show them. */
const SHOWN = shownIds(CELLS.map((cell) => cell.id));
const RESOURCES = {
  notebook: 'jupyter-live://focus/notebook',
  selectedCells: 'jupyter-live://focus/selected-cells',
  editorSelection: 'jupyter-live://focus/editor-selection'
};

const cell = (page: Page, index: number) => page.locator(SHOWN_CELLS).nth(index);

describe.each(PAGE_KINDS)('what the person points at in $kind', (kind) => {
  let setup: PageWithAgent;
  let listChanges = 0;
  const page = () => setup.page;
  const focus = async () => (await setup.mcp.ok('get_context')).focus as Record<string, unknown> | null;
  const read = async (uri: string) => {
    const { contents } = await setup.mcp.client.readResource({ uri });
    return JSON.parse((contents[0] as { text: string }).text);
  };
  const listed = async () => (await setup.mcp.client.listResources()).resources.map((resource) => resource.uri);
  const titles = async () =>
    Object.fromEntries((await setup.mcp.client.listResources()).resources.map((resource) => [resource.uri, resource.title]));

  beforeAll(async () => {
    setup = await startPageWithAgent(kind.kind);
    setup.mcp.client.setNotificationHandler(ResourceListChangedNotificationSchema, async () => {
      listChanges++;
    });
    await openCodeNotebook(setup, kind, NOTEBOOK, CELLS);
  });

  afterAll(async () => {
    await setup?.stop();
  });

  it('gives the cells the person selected with clicks and keys, in get_context and as a resource', async () => {
    const before = listChanges;
    // As a person does, the next key only once the click shows: on a loaded machine the page can still be
    // moving focus to the notebook it opened, and a key pressed meanwhile goes elsewhere.
    await cell(page(), 1).locator('.jp-InputPrompt').click();
    await page().keyboard.press('Escape');
    await waitFor('cell 1 to be active, its notebook focused in command mode', () =>
      page().evaluate((shown) => {
        type Shown = {
          classList: { contains(name: string): boolean };
          closest(selector: string): Shown | null;
          contains(other: unknown): boolean;
        };
        const { document } = globalThis as unknown as {
          document: { querySelectorAll(selector: string): ArrayLike<Shown>; activeElement: unknown };
        };
        const active = document.querySelectorAll(shown)[1];
        const notebook = active?.closest('.jp-Notebook');
        return (
          !!active?.classList.contains('jp-mod-active') &&
          !!notebook?.classList.contains('jp-mod-commandMode') &&
          !!notebook.contains(document.activeElement)
        );
      }, SHOWN_CELLS)
    );
    await page().keyboard.press('Shift+ArrowDown');
    const selected = [
      { id: SHOWN['cell-beta'], index: 1 },
      { id: SHOWN['cell-gamma'], index: 2 }
    ];
    await expect.poll(async () => (await focus())?.selectedCells, { timeout: 20_000, interval: 250 }).toEqual(selected);
    expect(await focus()).toMatchObject({ notebookPath: NOTEBOOK, activeCell: { id: SHOWN['cell-gamma'], index: 2 } });
    await expect.poll(() => listChanges, { timeout: 10_000 }).toBeGreaterThan(before);
    // The listing follows the page's reports, a moment behind get_context (which asks the page): as a person
    // attaching the resource would, wait until it shows the two cells, not the active cell it showed before.
    await expect.poll(titles, { timeout: 10_000 }).toEqual({
      [RESOURCES.notebook]: `Active notebook: ${NOTEBOOK}`,
      [RESOURCES.selectedCells]: `Selected cells: 2 cells of ${NOTEBOOK}`
    });

    const cells = await read(RESOURCES.selectedCells);
    expect(cells).toMatchObject({ success: true, notebookPath: NOTEBOOK });
    expect(cells.cells.map((shown: { id: string; index: number; source: string }) => [shown.id, shown.index, shown.source])).toEqual([
      [SHOWN['cell-beta'], 1, 'beta = 2'],
      [SHOWN['cell-gamma'], 2, 'gamma = 3']
    ]);
    const notebook = await read(RESOURCES.notebook);
    expect(notebook.cells.map((shown: { source: string }) => shown.source)).toEqual(CELLS.map((c) => c.source));
  });

  it('gives the text the person selected in a cell’s editor, and where it is', async () => {
    await cell(page(), 0).locator('.jp-InputArea-editor').click();
    await page().keyboard.press('End');
    await page().keyboard.press('Shift+Home');
    await expect.poll(listed, { timeout: 20_000, interval: 250 }).toContain(RESOURCES.editorSelection);
    expect(await read(RESOURCES.editorSelection)).toEqual({
      notebookPath: NOTEBOOK,
      cellId: SHOWN['cell-alpha'],
      index: 0,
      start: { line: 1, column: 1 },
      end: { line: 1, column: 10 },
      text: 'alpha = 1'
    });
    // The person only looked: nothing in the notebook changed.
    expect(await page().locator(SHOWN_CELLS).count()).toBe(CELLS.length);
  });
});
