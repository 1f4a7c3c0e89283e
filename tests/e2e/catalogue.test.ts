/**
 * The tool catalogue end to end on every page kind: JupyterLab 4.6 (python3
 * kernel), Jupyter Notebook 7.6 (python3 kernel) and JupyterLite 0.8 (JavaScript
 * kernel, contents in the browser), each called through MCP. What differs between
 * the kinds is tested here too: a page that shows one document (a Notebook 7
 * notebook, JupyterLite's notebooks UI) says so in get_context, has no file
 * browser, and opens other documents in new browser tabs that connect as pages of
 * their own. JupyterLab's deeper checks are in default-tools.test.ts. The page also
 * has the test-only stand-in for jupyterlab-ai-commands: the notebook tools still
 * run the bridge's own commands (notebook-tools.test.ts tests them without it).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_COMMANDS_FIXTURE_DIR, startPageWithAgent, type PageKind, type PageWithAgent } from './support/lab-with-agent.js';
import { LISTED_TOOL_NAMES } from './support/tool-names.js';

interface Kind {
  kind: PageKind;
  app: { name: string; version: RegExp };
  kernel: string;
  /** Notebooks open in a browser tab of their own (a one-document page), not in the page with the file browser. */
  notebookInOwnTab: boolean;
  /** Code that keeps the kernel busy for 30 s. */
  longRun: string;
  /** Whether an interrupt stops `longRun`; if not, interrupt_kernel warns and restart_kernel stops it. */
  interruptStops: boolean;
  /** Code that reads `x`, and its result once a restart lost `x`. */
  afterRestart: { code: string; result: Record<string, unknown> };
}

const KINDS: Kind[] = [
  {
    kind: 'JupyterLab',
    app: { name: 'JupyterLab', version: /^4\.6\./ },
    kernel: 'python3',
    notebookInOwnTab: false,
    longRun: 'import time\ntime.sleep(30)',
    interruptStops: true,
    afterRestart: { code: 'x', result: { success: false, code: 'cell_error', ename: 'NameError' } }
  },
  {
    kind: 'Notebook 7',
    app: { name: 'Jupyter Notebook', version: /^7\.6\./ },
    kernel: 'python3',
    notebookInOwnTab: true,
    longRun: 'import time\ntime.sleep(30)',
    interruptStops: true,
    afterRestart: { code: 'x', result: { success: false, code: 'cell_error', ename: 'NameError' } }
  },
  {
    kind: 'JupyterLite',
    app: { name: 'JupyterLite', version: /^0\.8\./ },
    kernel: 'javascript',
    notebookInOwnTab: false,
    // The kernel runs code in a web worker, which an interrupt cannot stop mid-loop.
    longRun: 'const until = Date.now() + 30000; while (Date.now() < until) {}',
    interruptStops: false,
    afterRestart: {
      code: 'typeof x',
      result: { success: true, outputs: [expect.objectContaining({ data: { 'text/plain': "'undefined'" } })] }
    }
  }
];

const NOTEBOOK = 'catalogue.ipynb';
/** Code that is the same in Python and JavaScript. */
const SIX_TIMES_SEVEN = '6*7';
const KEEP_42 = 'x = 6*7\nx';
/** Seconds after which a call answers pending. */
const PENDING_AFTER_SECONDS = 3;

describe.each(KINDS)('the tool catalogue in $kind', (kind) => {
  let setup: PageWithAgent;
  /** The browser tab that shows the notebook: the first tab, or the one the notebook opened in. */
  let notebookTab: Page;

  beforeAll(async () => {
    setup = await startPageWithAgent(kind.kind, {
      extensions: [AI_COMMANDS_FIXTURE_DIR],
      bridgeSettings: { pendingAfterSeconds: PENDING_AFTER_SECONDS }
    });
    await setup.open();
    notebookTab = setup.page;
  });

  afterAll(async () => {
    await setup?.stop();
  });

  const call = (name: string, args: Record<string, unknown> = {}) => setup.mcp.call(name, args);
  const ok = (name: string, args?: Record<string, unknown>) => setup.mcp.ok(name, args);
  const pages = async () => (await ok('select_page')).pages as { pageId: string; url: string }[];
  /** Runs `act`, which opens a browser tab; resolves once that tab's page connected to the server. */
  const opensConnectedTab = async (act: () => Promise<void>) => {
    const before = (await pages()).length;
    const [tab] = await Promise.all([setup.page.context().waitForEvent('page'), act()]);
    await setup.waitForPages(before + 1);
    return tab;
  };
  const selectPageAt = async (urlPart: string) => {
    const page = (await pages()).find((p) => p.url.includes(urlPart));
    expect(page, `a page at ${urlPart}`).toBeDefined();
    await ok('select_page', { pageId: page!.pageId });
  };
  const cellSources = () => notebookTab.locator('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell .jp-InputArea-editor').allInnerTexts();
  const notebookWidget = async () =>
    ((await ok('get_context')).widgets as { path?: string; dirty?: boolean; kernel?: { id: string } }[]).find((w) => w.path === NOTEBOOK);
  const kernelId = async () => (await notebookWidget())!.kernel!.id;

  it("offers the 5 built-in tools, the 16 default tools and the server's select_page", async () => {
    const { tools } = await setup.mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...LISTED_TOOL_NAMES].sort());
    // The schema shown is the command's own, narrowed: fixed arguments hidden.
    const editCell = tools.find((tool) => tool.name === 'edit_cell')!;
    expect(Object.keys(editCell.inputSchema.properties ?? {})).toEqual(['notebookPath', 'cellId', 'content']);
    expect(editCell.inputSchema.required).toEqual(['notebookPath', 'content']);
  });

  it('get_context on the page with the file browser names the app and the browsed folder, with no one-document note', async () => {
    const context = await ok('get_context');
    expect(context).toMatchObject({
      app: { name: kind.app.name, version: expect.stringMatching(kind.app.version) },
      fileBrowserPath: '',
      dialogs: [],
      pending: []
    });
    expect(context).not.toHaveProperty('note');
  });

  it('list_all_commands finds a command and names its tool; execute_command runs a command and returns its result', async () => {
    const { commands } = await ok('list_all_commands', { query: 'jupyter-live-mcp:run-cell' });
    expect(commands).toEqual([
      expect.objectContaining({ id: 'jupyter-live-mcp:run-cell', label: 'Run Cell (agent bridge)', tool: 'run_cell' })
    ]);
    const created = await ok('execute_command', { commandId: 'docmanager:new-untitled', args: { path: '', type: 'file', ext: '.txt' } });
    expect(created.result).toMatchObject({ path: 'untitled.txt', type: 'file' });
    const unknown = await call('execute_command', { commandId: 'no-such:command' });
    expect(unknown.result).toMatchObject({ success: false, code: 'unknown_command', error: expect.stringContaining('list_all_commands') });
  });

  if (kind.notebookInOwnTab) {
    it(`create_notebook creates a ${kind.kernel} notebook, held by this page; open_document opens it in a new browser tab that connects as its own page`, async () => {
      expect(await ok('create_notebook', { name: NOTEBOOK })).toMatchObject({
        notebookPath: NOTEBOOK,
        kernel: kind.kernel,
        note: expect.stringContaining('in memory')
      });
      notebookTab = await opensConnectedTab(async () => void (await ok('open_document', { path: NOTEBOOK })));
      expect(notebookTab.url()).toContain(`/notebooks/${NOTEBOOK}`);
      await selectPageAt(`/notebooks/${NOTEBOOK}`);
    });

    it('get_context on the notebook page has the one-document note and no file browser', async () => {
      // The new tab connects before its notebook's kernel has started.
      await expect
        .poll(async () => (await call('get_context')).result, { timeout: 30_000 })
        .toMatchObject({
          fileBrowserPath: null,
          note: expect.stringContaining('open_document opens another document in a new browser tab'),
          widgets: [
            expect.objectContaining({
              type: 'notebook',
              path: NOTEBOOK,
              kernel: expect.objectContaining({ name: kind.kernel, status: 'idle' })
            })
          ]
        });
    });
  } else {
    it(`create_notebook creates a ${kind.kernel} notebook in the page, and open_document brings it to the front`, async () => {
      expect(await ok('create_notebook', { name: NOTEBOOK })).toMatchObject({ notebookPath: NOTEBOOK, kernel: kind.kernel });
      await expect.poll(() => setup.page.locator('.lm-TabBar-tabLabel', { hasText: NOTEBOOK }).count()).toBe(1);
      const opened = await ok('open_document', { path: NOTEBOOK });
      expect(opened.result).toMatchObject({ type: 'notebook', title: NOTEBOOK });
      expect((await ok('get_context')).currentWidgetId).toBe((opened.result as { id: string }).id);
    });
  }

  let firstCellId = '';
  let markdownCellId = '';

  it('add_cell, edit_cell and run_cell change and run the notebook the person sees', async () => {
    firstCellId = (await ok('add_cell', { notebookPath: NOTEBOOK, content: SIX_TIMES_SEVEN })).cellId as string;
    markdownCellId = (
      await ok('add_cell', {
        notebookPath: NOTEBOOK,
        content: '# Notes',
        cellType: 'markdown',
        referenceCellId: firstCellId,
        position: 'above'
      })
    ).cellId as string;
    await expect.poll(cellSources).toEqual(['# Notes', SIX_TIMES_SEVEN]);
    expect(await ok('edit_cell', { notebookPath: NOTEBOOK, cellId: firstCellId, content: KEEP_42 })).toMatchObject({ cellId: firstCellId });
    await expect.poll(cellSources).toEqual(['# Notes', KEEP_42]);

    const run = await ok('run_cell', { notebookPath: NOTEBOOK, cellId: firstCellId });
    expect(run).toMatchObject({
      status: 'ok',
      outputs: [expect.objectContaining({ output_type: 'execute_result', data: expect.objectContaining({ 'text/plain': '42' }) })]
    });
    await expect.poll(() => notebookTab.locator('.jp-OutputArea-output').allInnerTexts()).toEqual(['42']);
  });

  it('read_cell and read_notebook read the live notebook', async () => {
    expect(await ok('read_cell', { notebookPath: NOTEBOOK, cellId: firstCellId })).toMatchObject({ cellId: firstCellId, source: KEEP_42 });
    const cells = (await ok('read_notebook', { notebookPath: NOTEBOOK })).cells as { id: string; type: string }[];
    expect(cells.map((cell) => [cell.id, cell.type])).toEqual([
      [markdownCellId, 'markdown'],
      [firstCellId, 'code']
    ]);
  });

  it('delete_cell removes a cell; save_notebook saves the notebook', async () => {
    expect(await ok('delete_cell', { notebookPath: NOTEBOOK, cellId: markdownCellId })).toMatchObject({ remainingCells: 1 });
    await expect.poll(cellSources).toEqual([KEEP_42]);
    await ok('save_notebook', { notebookPath: NOTEBOOK });
    expect(await notebookWidget()).toMatchObject({ dirty: false });
    if (setup.site.rootDir) {
      const onDisk = JSON.parse(readFileSync(path.join(setup.site.rootDir, NOTEBOOK), 'utf8'));
      expect(onDisk.cells.map((cell: { source: string | string[] }) => [cell.source].flat().join(''))).toEqual([KEEP_42]);
    }
  });

  it("execute_code runs code in the notebook's kernel, sharing its variables", async () => {
    const result = await ok('execute_code', { kernelId: await kernelId(), code: 'x + 0' });
    expect(result).toMatchObject({
      status: 'ok',
      outputs: [expect.objectContaining({ output_type: 'execute_result', data: { 'text/plain': '42' } })]
    });
  });

  it('a command that opens a dialog answers pending; answer_dialog answers it and wait_for_result collects the call', async () => {
    const first = await ok('execute_command', { commandId: 'notebook:restart-kernel' });
    expect(first).toMatchObject({ pending: true, dialogs: [expect.objectContaining({ title: 'Restart Kernel?' })] });
    expect(await ok('answer_dialog', { button: 'Cancel' })).toMatchObject({ button: 'Cancel' });
    await ok('wait_for_result', { pendingId: first.pendingId, seconds: 10 });
    expect((await ok('get_context')).dialogs).toEqual([]);
    // Cancelled: the kernel kept its variables.
    expect(await ok('execute_code', { kernelId: await kernelId(), code: 'x' })).toMatchObject({ status: 'ok' });
  });

  if (kind.interruptStops) {
    it('a long execute_code answers pending; interrupt_kernel stops it and wait_for_result reports the interrupt', async () => {
      const id = await kernelId();
      const first = await ok('execute_code', { kernelId: id, code: kind.longRun });
      expect(first).toMatchObject({ pending: true });
      const interrupted = await ok('interrupt_kernel', { kernelId: id });
      expect(interrupted).toMatchObject({ kernelId: id, status: 'idle' });
      expect(interrupted).not.toHaveProperty('warning');
      expect((await call('wait_for_result', { pendingId: first.pendingId, seconds: 10 })).result).toMatchObject({
        success: false,
        code: 'cell_error',
        ename: 'KeyboardInterrupt'
      });
    });
  } else {
    it('a long execute_code answers pending; interrupt_kernel cannot stop it and says to use restart_kernel', async () => {
      const id = await kernelId();
      expect(await ok('execute_code', { kernelId: id, code: kind.longRun })).toMatchObject({ pending: true });
      expect(await ok('interrupt_kernel', { kernelId: id })).toMatchObject({
        status: 'busy',
        warning: expect.stringContaining('Use restart_kernel')
      });
    });
  }

  it('restart_kernel restarts the kernel without a dialog: its variables are gone', async () => {
    const id = await kernelId();
    expect(await ok('restart_kernel', { kernelId: id })).toMatchObject({ kernelId: id });
    // The kernel may still be starting up when the restart has answered.
    await expect
      .poll(async () => (await call('execute_code', { kernelId: id, code: kind.afterRestart.code })).result, { timeout: 30_000 })
      .toMatchObject(kind.afterRestart.result);
    expect(await notebookTab.locator('.jp-Dialog').count()).toBe(0);
  });

  it('create_file, list_directory, read_file and write_file work on the files the file browser shows', async () => {
    // This page shows one document: a new tab would be a popup, so the file is not opened there.
    expect(await ok('create_file', { fileName: 'notes.md', fileType: 'markdown', content: '# hello' })).toMatchObject({
      filePath: 'notes.md',
      opened: !kind.notebookInOwnTab
    });
    const listing = await ok('list_directory', {});
    expect((listing.items as { name: string }[]).map((item) => item.name).sort()).toEqual([NOTEBOOK, 'notes.md', 'untitled.txt']);
    expect(await ok('read_file', { filePath: 'notes.md' })).toMatchObject({ content: '# hello' });
    await ok('write_file', { filePath: 'notes.md', content: 'rewritten by the agent\n' });
    expect(await ok('read_file', { filePath: 'notes.md' })).toMatchObject({ content: 'rewritten by the agent\n' });
    if (setup.site.rootDir) {
      expect(readFileSync(path.join(setup.site.rootDir, 'notes.md'), 'utf8')).toBe('rewritten by the agent\n');
    }
    await expect.poll(() => setup.page.locator('.jp-DirListing-itemText').allInnerTexts(), { timeout: 30_000 }).toContain('notes.md');
  });

  if (kind.kind === 'JupyterLite') {
    it('contents live in the browser: they are still there after a reload', async () => {
      await setup.page.reload();
      const names = async () => (((await call('list_directory')).result.items ?? []) as { name: string }[]).map((item) => item.name);
      await expect.poll(names, { timeout: 30_000 }).toContain('notes.md');
      expect(await ok('read_file', { filePath: 'notes.md' })).toMatchObject({ content: 'rewritten by the agent\n' });
    });

    it('the notebooks UI shows one notebook: get_context has the note and no file browser', async () => {
      notebookTab = await setup.page.context().newPage();
      await notebookTab.goto(setup.site.notebookUrl!(NOTEBOOK));
      await setup.waitForPages(2);
      await selectPageAt('/notebooks/');
      await expect
        .poll(async () => (await call('get_context')).result, { timeout: 30_000 })
        .toMatchObject({
          app: { name: 'JupyterLite' },
          fileBrowserPath: null,
          note: expect.stringContaining('open_document opens another document in a new browser tab'),
          widgets: [expect.objectContaining({ type: 'notebook', path: NOTEBOOK })]
        });
    });
  }

  if (kind.notebookInOwnTab || kind.kind === 'JupyterLite') {
    it('open_document for the document a one-document page shows brings it to the front there, in no new tab', async () => {
      const tabs = setup.page.context().pages().length;
      const opened = await ok('open_document', { path: NOTEBOOK });
      expect(opened.result).toMatchObject({ type: 'notebook', title: NOTEBOOK });
      // A new tab would have opened by now.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(setup.page.context().pages()).toHaveLength(tabs);
      expect(await notebookTab.locator('.jp-NotebookPanel').count()).toBe(1);
    });

    it('open_document on a one-document page opens the file in a new browser tab that connects as its own page', async () => {
      let result: Record<string, unknown> = {};
      const tab = await opensConnectedTab(async () => {
        result = await ok('open_document', { path: 'notes.md' });
      });
      expect(result.result).toEqual({ type: 'editor', disposed: true });
      expect(tab.url()).toMatch(/\/edit\/.*notes\.md/);
      await selectPageAt('/edit/');
      expect(await ok('get_context')).toMatchObject({
        fileBrowserPath: null,
        note: expect.any(String),
        widgets: [expect.objectContaining({ path: 'notes.md' })]
      });
    });
  } else {
    it('open_document opens a file in the page and makes it current', async () => {
      const result = await ok('open_document', { path: 'notes.md' });
      expect(result.result).toMatchObject({ type: 'editor', title: 'notes.md' });
      expect((await ok('get_context')).currentWidgetId).toBe((result.result as { id: string }).id);
    });
  }
});
