/**
 * The person sees where the agent works (SPEC §2.3b), on each page kind: while
 * run_cell runs, the page marks that cell (a class and an "agent running"
 * badge) and the notebook's tab, and the status item names the tool and the
 * notebook (where there is a status bar: Notebook 7 has none); while run_cells
 * runs, the cell it is running, and only that one. When the call
 * ends (at once, failed, or after answering pending) every mark is gone; a run
 * whose page the person disconnected keeps its marks until it ends in the
 * page. An edit moves neither focus nor the active cell. A notebook the call
 * opens in a background tab is marked there; one Notebook 7 holds in memory
 * has no node to mark, and nothing fails.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeNotebook, openCodeNotebook, SHOWN_CELLS, type PageKindWithKernel } from './support/code-notebook.js';
import { setBridgeSetting, startPageWithAgent, type PageWithAgent } from './support/lab-with-agent.js';
import { shownIds } from './support/shown-ids.js';

interface Kind extends PageKindWithKernel {
  /** Code that takes this many seconds. */
  slow(seconds: number): string;
  /** Code that raises. */
  failing: string;
  /** Whether the page has a status bar for the bridge's item (Notebook 7 has none). */
  statusBar: boolean;
}

const KINDS: Kind[] = [
  {
    kind: 'JupyterLab',
    kernel: 'python3',
    language: 'python',
    slow: (seconds) => `import time\ntime.sleep(${seconds})\nprint('slept')`,
    failing: 'no_such_name + 1',
    oneDocument: false,
    statusBar: true
  },
  {
    kind: 'Notebook 7',
    kernel: 'python3',
    language: 'python',
    slow: (seconds) => `import time\ntime.sleep(${seconds})\nprint('slept')`,
    failing: 'no_such_name + 1',
    oneDocument: true,
    statusBar: false
  },
  {
    kind: 'JupyterLite',
    kernel: 'javascript',
    language: 'javascript',
    slow: (seconds) => `const until = Date.now() + ${seconds * 1000}; while (Date.now() < until) {} 'slept'`,
    failing: 'no_such_name + 1',
    oneDocument: false,
    statusBar: true
  }
];

const NOTEBOOK = 'marks.ipynb';
/** Far above any call here, so only the pending test sees one. */
const PENDING_AFTER_SECONDS = 60;
const ANY_MARK = '.jp-live-mcp-agent-cell, .jp-live-mcp-agent-notebook, .jp-live-mcp-agent-tab';

/** What the checks use of the browser's globals (the tests are not compiled with the DOM's types). */
type Browser = { getComputedStyle(node: unknown, pseudo: string): { content: string } };

/** The cells of the notebook in front, as the person sees them: source, whether marked (with which badge), active, or running (In [*]). */
function shownCells(page: Page) {
  return page.locator(SHOWN_CELLS).evaluateAll((cells) =>
    cells.map((cell) => ({
      source: (cell.querySelector('.jp-InputArea-editor') as { innerText: string } | null)?.innerText ?? '',
      marked: cell.classList.contains('jp-live-mcp-agent-cell'),
      badge: (globalThis as unknown as Browser).getComputedStyle(cell, '::after').content,
      active: cell.classList.contains('jp-mod-active'),
      running: ((cell.querySelector('.jp-InputPrompt') as { innerText: string } | null)?.innerText ?? '').includes('*')
    }))
  );
}

/** The indexes of the cells for which `test` holds. */
const indexesOf = <T>(cells: T[], test: (cell: T) => boolean) => cells.flatMap((cell, index) => (test(cell) ? [index] : []));

/** The start of the focused node, if any: an agent's call must not move it. */
const focused = (page: Page) => page.locator(':focus').evaluateAll((nodes) => nodes.map((node) => node.outerHTML.slice(0, 200)));

describe.each(KINDS)('the marks of the agent’s work in $kind', (kind) => {
  let setup: PageWithAgent;
  const ids = { slow: 'slow-cell', failing: 'failing-cell', quick: 'quick-cell' };
  /** Cells for run_cells, after the three above. */
  const steps = ['step-1', 'step-2', 'step-3'];
  const slow = kind.slow(3);
  const page = () => setup.page;
  const ok = (name: string, args: Record<string, unknown> = {}) => setup.mcp.ok(name, args);
  const statusText = () => page().locator('.jp-live-mcp-status').innerText();
  /** The status item says it, where the page has a status bar. */
  const statusSays = async (text: string | RegExp) => {
    if (kind.statusBar) {
      const poll = expect.poll(statusText, { timeout: 30_000, interval: 100 });
      await (typeof text === 'string' ? poll.toBe(text) : poll.toMatch(text));
    }
  };
  const marks = () => page().locator(ANY_MARK).count();

  beforeAll(async () => {
    setup = await startPageWithAgent(kind.kind, { bridgeSettings: { pendingAfterSeconds: PENDING_AFTER_SECONDS } });
    const cells = [
      { id: ids.quick, source: '6*7' },
      { id: ids.slow, source: slow },
      { id: ids.failing, source: kind.failing },
      ...steps.map((id) => ({ id, source: kind.slow(1.5) }))
    ];
    await openCodeNotebook(setup, kind, NOTEBOOK, cells);
    // The first run waits for the kernel: done here, so the slow cell's run is what the tests see.
    await ok('run_cell', { notebookPath: NOTEBOOK, cellId: ids.quick });
  });

  afterAll(async () => {
    await setup?.stop();
  });

  it('marks the running cell and its tab, and names the tool and notebook in the status item, until the run ends', async () => {
    // Named as a read shows it (its first 8 characters): the mark finds the cell all the same.
    const slowAsShown = shownIds([ids.quick, ids.slow, ids.failing, ...steps])[ids.slow]!;
    expect(slowAsShown).not.toBe(ids.slow);
    const running = setup.mcp.call('run_cell', { notebookPath: NOTEBOOK, cellId: slowAsShown });
    await expect
      .poll(async () => (await shownCells(page())).filter((cell) => cell.marked).map((cell) => [cell.source, cell.badge]), {
        timeout: 10_000,
        interval: 100
      })
      .toEqual([[slow, '"agent running"']]);
    await statusSays(`Agent: run_cell · ${NOTEBOOK}`);
    if (!kind.oneDocument) {
      expect(await page().locator('.lm-TabBar-tab.jp-live-mcp-agent-tab').innerText()).toContain(NOTEBOOK);
    }
    expect((await running).result).toMatchObject({ success: true, status: 'ok', executionCount: expect.any(Number) });
    expect(await marks()).toBe(0);
    await statusSays(/^Agent: 127\.0\.0\.1:\d+ · \d+ calls, last run_cell$/);
  });

  it('marks the cell run_cells is running, and only it, the mark moving from cell to cell until the run ends', async () => {
    let done = false;
    const running = setup.mcp.call('run_cells', { notebookPath: NOTEBOOK, cellIds: steps }).finally(() => (done = true));
    const seen: { marked: number[]; running: number[]; badges: string[]; notebookMarks: number }[] = [];
    while (!done) {
      const cells = await shownCells(page());
      seen.push({
        marked: indexesOf(cells, (cell) => cell.marked),
        running: indexesOf(cells, (cell) => cell.running),
        badges: cells.filter((cell) => cell.marked).map((cell) => cell.badge),
        notebookMarks: await page().locator('.jp-live-mcp-agent-notebook').count()
      });
    }
    expect((await running).result).toMatchObject({ success: true, status: 'ok', cells: steps.map((cellId) => ({ cellId, status: 'ok' })) });
    expect(await marks()).toBe(0);
    // At most one cell marked, never the notebook as a whole, and a marked cell is the one running (its mark shows
    // once it has run SHOW_WORK_AFTER_MS, so a cell may run a moment unmarked, never a cell marked that does not run).
    const wrong = seen.filter(
      (at) => at.marked.length > 1 || at.notebookMarks > 0 || at.marked.some((index) => !at.running.includes(index))
    );
    expect(wrong).toEqual([]);
    expect(new Set(seen.flatMap((at) => at.badges))).toEqual(new Set(['"agent running"']));
    // Seen on at least two of the steps while each ran, in the run's order.
    const caught = [...new Set(seen.filter((at) => at.running.length === 1 && at.marked[0] === at.running[0]).map((at) => at.marked[0]))];
    expect(caught.length, JSON.stringify(seen)).toBeGreaterThanOrEqual(2);
    expect(caught).toEqual([...caught].sort((a = 0, b = 0) => a - b));
    expect(caught.every((index) => index !== undefined && index >= 3)).toBe(true);
  });

  it('keeps the mark of a run that answered pending until it finishes', async () => {
    await setBridgeSetting(page(), 'pendingAfterSeconds', 1);
    try {
      const first = await ok('run_cell', { notebookPath: NOTEBOOK, cellId: ids.slow });
      expect(first).toMatchObject({ pending: true });
      expect((await shownCells(page())).filter((cell) => cell.marked).map((cell) => cell.source)).toEqual([slow]);
      await statusSays(`Agent: run_cell · ${NOTEBOOK}`);
      expect(await ok('wait_for_result', { pendingId: first.pendingId, seconds: 30 })).toMatchObject({ status: 'ok' });
      await expect.poll(marks).toBe(0);

      const batch = await ok('run_cells', { notebookPath: NOTEBOOK, cellIds: steps });
      expect(batch).toMatchObject({ pending: true });
      expect((await shownCells(page())).filter((cell) => cell.marked)).toHaveLength(1);
      expect(await ok('wait_for_result', { pendingId: batch.pendingId, seconds: 30 })).toMatchObject({ status: 'ok' });
      await expect.poll(marks).toBe(0);
    } finally {
      await setBridgeSetting(page(), 'pendingAfterSeconds', PENDING_AFTER_SECONDS);
    }
  });

  it('clears the mark of a failing run', async () => {
    const { result } = await setup.mcp.call('run_cell', { notebookPath: NOTEBOOK, cellId: ids.failing });
    expect(result).toMatchObject({ success: false, code: 'cell_error' });
    expect(await marks()).toBe(0);
    await statusSays(/last run_cell$/);
    const stopped = await setup.mcp.call('run_cells', { notebookPath: NOTEBOOK, cellIds: [ids.quick, ids.failing, steps[0]] });
    expect(stopped.result).toMatchObject({ success: false, code: 'cell_error', notRun: [steps[0]] });
    expect(await marks()).toBe(0);
  });

  it('clears the mark of an edit, which moves neither the focus nor the active cell', async () => {
    const before = await shownCells(page());
    const focusedBefore = await focused(page());
    expect(before.findIndex((cell) => cell.active)).not.toBe(2);
    await ok('edit_cell', { notebookPath: NOTEBOOK, cellId: ids.failing, content: '1 + 1' });
    const after = await shownCells(page());
    expect(after.map((cell) => cell.active)).toEqual(before.map((cell) => cell.active));
    expect(after[2]?.source).toBe('1 + 1');
    expect(await focused(page())).toEqual(focusedBefore);
    expect(await marks()).toBe(0);
  });

  it(
    kind.oneDocument
      ? 'marks nothing of a notebook it holds in memory, which has no node, and nothing fails'
      : 'marks a notebook the call opens in a background tab once it has loaded',
    async () => {
      const other = 'other.ipynb';
      await ok('write_file', { filePath: other, content: codeNotebook(kind, [{ id: 'other-slow', source: slow }]) });
      const errors = setup.consoleErrors.length;
      let done = false;
      const running = setup.mcp.call('run_cell', { notebookPath: other, cellId: 'other-slow' }).finally(() => (done = true));
      await statusSays(`Agent: run_cell · ${other}`);
      if (kind.oneDocument) {
        const seen: number[] = [];
        while (!done) {
          seen.push(await marks());
        }
        expect(seen.length).toBeGreaterThan(0);
        expect(seen.filter((count) => count > 0)).toEqual([]);
      } else {
        await expect
          .poll(() => page().locator('.lm-TabBar-tab.jp-live-mcp-agent-tab').allInnerTexts(), { timeout: 30_000, interval: 100 })
          .toEqual([expect.stringContaining(other)]);
        expect(await page().locator('.jp-live-mcp-agent-cell.jp-live-mcp-agent-running').count()).toBe(1);
      }
      expect((await running).result).toMatchObject({ success: true, status: 'ok' });
      expect(await marks()).toBe(0);
      // write_file's look for the file before creating it is a 404 the browser logs, whenever that reaches the test.
      const probe = (error: string) => error.startsWith('Failed to load resource') && error.includes(`/api/contents/${other}?`);
      expect(setup.consoleErrors.slice(errors).filter((error) => !probe(error))).toEqual([]);
    }
  );

  it.runIf(kind.statusBar)('keeps the mark of a run whose page the person disconnected until the run ends there', async () => {
    // Long enough for the clicks below on a loaded machine.
    await ok('edit_cell', { notebookPath: NOTEBOOK, cellId: ids.slow, content: kind.slow(8) });
    const item = page().locator('.jp-live-mcp-status');
    const running = setup.mcp.call('run_cell', { notebookPath: NOTEBOOK, cellId: ids.slow });
    await statusSays(`Agent: run_cell · ${NOTEBOOK}`);
    await item.click();
    await page().locator('.jp-Dialog .jp-Dialog-button', { hasText: 'Disconnect' }).click();
    expect((await running).result).toMatchObject({ success: false, code: 'page_disconnected' });
    // The call goes on in the page: so do its marks, until it ends.
    await statusSays(`Agent (disconnected): run_cell · ${NOTEBOOK}`);
    expect(await page().locator('.jp-live-mcp-agent-cell').count()).toBe(1);
    await expect.poll(marks, { timeout: 30_000 }).toBe(0);
    await statusSays('Agent: disconnected');
    await item.click();
    await page().locator('.jp-Dialog .jp-Dialog-button', { hasText: 'Reconnect' }).click();
    await expect.poll(async () => (await setup.mcp.call('get_context')).result.success, { timeout: 30_000 }).toBe(true);
  });
});
