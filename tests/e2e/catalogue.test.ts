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
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AI_COMMANDS_FIXTURE_DIR, startPageWithAgent, type PageKind, type PageWithAgent } from './support/lab-with-agent.js';
import { LISTED_TOOL_NAMES } from './support/tool-names.js';
import { waitFor } from './support/wait-for.js';

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

/** Code that is the same in Python and JavaScript. */
const SIX_TIMES_SEVEN = '6*7';
const KEEP_42 = 'x = 6*7\nx';
/** Seconds after which a call answers pending. */
const PENDING_AFTER_SECONDS = 3;

describe.each(KINDS)('the tool catalogue in $kind', (kind) => {
  let setup: PageWithAgent;
  /** The page with the file browser: the first browser tab. */
  let mainPageId = '';
  /** Browser tabs a test opened, closed after it. */
  const tabs: Page[] = [];

  beforeAll(async () => {
    setup = await startPageWithAgent(kind.kind, {
      extensions: [AI_COMMANDS_FIXTURE_DIR],
      bridgeSettings: { pendingAfterSeconds: PENDING_AFTER_SECONDS }
    });
    await setup.open();
    mainPageId = ((await ok('get_context')).page as { pageId: string }).pageId;
  });

  afterEach(async () => {
    await Promise.all(tabs.splice(0).map((tab) => tab.close()));
    await waitFor('the closed tabs to leave', async () => (await pages()).length === 1);
  });

  afterAll(async () => {
    await setup?.stop();
  });

  const call = (name: string, args: Record<string, unknown> = {}) => setup.mcp.call(name, args);
  const ok = (name: string, args?: Record<string, unknown>) => setup.mcp.ok(name, args);
  const pages = async () => (await ok('select_page')).pages as { pageId: string; url: string }[];
  const onMainPage = () => ok('select_page', { pageId: mainPageId });
  /** Runs `act`, which opens a browser tab; resolves once that tab's page connected to the server. */
  const opensConnectedTab = async (act: () => Promise<void>) => {
    const before = (await pages()).length;
    const [tab] = await Promise.all([setup.page.context().waitForEvent('page'), act()]);
    tabs.push(tab);
    await setup.waitForPages(before + 1);
    return tab;
  };
  const selectPageAt = async (urlPart: string) => {
    const page = (await pages()).find((p) => p.url.includes(urlPart));
    expect(page, `a page at ${urlPart}`).toBeDefined();
    await ok('select_page', { pageId: page!.pageId });
  };
  /** The cells and outputs of the notebook a browser tab shows in front. */
  const cellSources = (tab: Page) => tab.locator('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell .jp-InputArea-editor').allInnerTexts();
  const outputTexts = (tab: Page) => tab.locator('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output').allInnerTexts();
  const notebookWidget = async (notebook: string) =>
    ((await ok('get_context')).widgets as { path?: string; dirty?: boolean; kernel?: { id: string; status: string } }[]).find(
      (w) => w.path === notebook
    );
  const kernelId = async (notebook: string) => (await notebookWidget(notebook))!.kernel!.id;

  /**
   * A new notebook of the test's own, shown to the person: in front in this page, or in
   * a browser tab of its own where notebooks open in one; calls go to the page that shows
   * it. Resolves with that browser tab once the notebook's kernel is idle.
   */
  async function shownNotebook(notebook: string): Promise<Page> {
    await onMainPage();
    await ok('create_notebook', { name: notebook });
    let tab = setup.page;
    if (kind.notebookInOwnTab) {
      tab = await opensConnectedTab(async () => void (await ok('open_document', { path: notebook })));
      await selectPageAt(`/notebooks/${notebook}`);
    } else {
      await ok('open_document', { path: notebook });
    }
    await expect.poll(async () => (await notebookWidget(notebook))?.kernel?.status, { timeout: 30_000 }).toBe('idle');
    return tab;
  }

  /** A browser tab of a one-document page showing a new notebook of the test's own; calls go to it. */
  async function oneDocumentPage(notebook: string): Promise<Page> {
    await onMainPage();
    await ok('write_file', {
      filePath: notebook,
      content: JSON.stringify({
        cells: [],
        metadata: { kernelspec: { name: kind.kernel, display_name: kind.kernel } },
        nbformat: 4,
        nbformat_minor: 5
      })
    });
    const before = (await pages()).length;
    const tab = await setup.page.context().newPage();
    tabs.push(tab);
    await tab.goto(setup.site.notebookUrl!(notebook));
    await setup.waitForPages(before + 1);
    await selectPageAt(kind.kind === 'JupyterLite' ? '/notebooks/' : `/notebooks/${notebook}`);
    return tab;
  }

  it("offers the 5 built-in tools, the 18 default tools and the server's select_page", async () => {
    const { tools } = await setup.mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...LISTED_TOOL_NAMES].sort());
    // The schema shown is the command's own, narrowed: fixed arguments hidden.
    const editCell = tools.find((tool) => tool.name === 'edit_cell')!;
    expect(Object.keys(editCell.inputSchema.properties ?? {})).toEqual(['notebookPath', 'cellId', 'content', 'ifRevision', 'force']);
    expect(editCell.inputSchema.required).toEqual(['notebookPath', 'content']);
  });

  it('get_context on the page with the file browser names the app and the browsed folder, with no one-document note', async () => {
    await onMainPage();
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
    await onMainPage();
    const { commands } = await ok('list_all_commands', { query: 'jupyter-live-mcp:run-cell' });
    expect(commands).toEqual([
      expect.objectContaining({ id: 'jupyter-live-mcp:run-cell', label: 'Run Cell (agent bridge)', tool: 'run_cell' }),
      expect.objectContaining({ id: 'jupyter-live-mcp:run-cells', label: 'Run Cells (agent bridge)', tool: 'run_cells' })
    ]);
    const created = await ok('execute_command', { commandId: 'docmanager:new-untitled', args: { path: '', type: 'file', ext: '.txt' } });
    expect(created.result).toMatchObject({ path: expect.stringMatching(/^untitled\d*\.txt$/), type: 'file' });
    const unknown = await call('execute_command', { commandId: 'no-such:command' });
    expect(unknown.result).toMatchObject({ success: false, code: 'unknown_command', error: expect.stringContaining('list_all_commands') });
  });

  if (kind.notebookInOwnTab) {
    it(`create_notebook creates a ${kind.kernel} notebook, held by this page; open_document opens it in a new browser tab that connects as its own page, with the one-document note`, async () => {
      const notebook = 'created.ipynb';
      await onMainPage();
      expect(await ok('create_notebook', { name: notebook })).toMatchObject({
        notebookPath: notebook,
        kernel: kind.kernel,
        note: expect.stringContaining('in memory')
      });
      const tab = await opensConnectedTab(async () => void (await ok('open_document', { path: notebook })));
      expect(tab.url()).toContain(`/notebooks/${notebook}`);
      await selectPageAt(`/notebooks/${notebook}`);
      // The new tab connects before its notebook's kernel has started.
      await expect
        .poll(async () => (await call('get_context')).result, { timeout: 30_000 })
        .toMatchObject({
          fileBrowserPath: null,
          note: expect.stringContaining('open_document opens another document in a new browser tab'),
          widgets: [
            expect.objectContaining({
              type: 'notebook',
              path: notebook,
              kernel: expect.objectContaining({ name: kind.kernel, status: 'idle' })
            })
          ]
        });
    });
  } else {
    it(`create_notebook creates a ${kind.kernel} notebook in the page, and open_document brings it to the front`, async () => {
      const notebook = 'created.ipynb';
      await onMainPage();
      expect(await ok('create_notebook', { name: notebook })).toMatchObject({ notebookPath: notebook, kernel: kind.kernel });
      await expect.poll(() => setup.page.locator('.lm-TabBar-tabLabel', { hasText: notebook }).count()).toBe(1);
      const opened = await ok('open_document', { path: notebook });
      expect(opened.result).toMatchObject({ type: 'notebook', title: notebook });
      expect((await ok('get_context')).currentWidgetId).toBe((opened.result as { id: string }).id);
    });
  }

  it('add_cell, edit_cell and run_cell change and run the notebook the person sees', async () => {
    const notebook = 'cells.ipynb';
    const tab = await shownNotebook(notebook);
    const firstCellId = (await ok('add_cell', { notebookPath: notebook, content: SIX_TIMES_SEVEN })).cellId as string;
    await ok('add_cell', {
      notebookPath: notebook,
      content: '# Notes',
      cellType: 'markdown',
      referenceCellId: firstCellId,
      position: 'above'
    });
    await expect.poll(() => cellSources(tab)).toEqual(['# Notes', SIX_TIMES_SEVEN]);
    expect(await ok('edit_cell', { notebookPath: notebook, cellId: firstCellId, content: KEEP_42 })).toMatchObject({
      success: true,
      index: 1
    });
    await expect.poll(() => cellSources(tab)).toEqual(['# Notes', KEEP_42]);

    const run = await ok('run_cell', { notebookPath: notebook, cellId: firstCellId });
    expect(run).toMatchObject({ status: 'ok', outputs: ['42'] });
    await expect.poll(() => outputTexts(tab)).toEqual(['42']);
  });

  it('read_cell and read_notebook read the live notebook', async () => {
    const notebook = 'read.ipynb';
    await onMainPage();
    await ok('create_notebook', { name: notebook });
    const codeId = (await ok('add_cell', { notebookPath: notebook, content: KEEP_42 })).cellId;
    const markdownId = (await ok('add_cell', { notebookPath: notebook, content: '# Notes', cellType: 'markdown', position: 'above' }))
      .cellId;
    expect(await ok('read_cell', { notebookPath: notebook, cellId: codeId })).toMatchObject({ index: 1, source: KEEP_42 });
    const cells = (await ok('read_notebook', { notebookPath: notebook })).cells as { id: string; type?: string }[];
    // The compact view gives a code cell no type.
    expect(cells.map((cell) => [cell.id, cell.type ?? 'code'])).toEqual([
      [markdownId, 'markdown'],
      [codeId, 'code']
    ]);
  });

  it('delete_cell removes a cell; save_notebook saves the notebook', async () => {
    const notebook = 'saved.ipynb';
    const tab = await shownNotebook(notebook);
    await ok('add_cell', { notebookPath: notebook, content: KEEP_42 });
    const markdownId = (await ok('add_cell', { notebookPath: notebook, content: '# Notes', cellType: 'markdown', position: 'above' }))
      .cellId;
    await expect.poll(() => cellSources(tab)).toEqual(['# Notes', KEEP_42]);
    expect(await ok('delete_cell', { notebookPath: notebook, cellId: markdownId })).toMatchObject({ remainingCells: 1 });
    await expect.poll(() => cellSources(tab)).toEqual([KEEP_42]);
    await ok('save_notebook', { notebookPath: notebook });
    expect(await notebookWidget(notebook)).toMatchObject({ dirty: false });
    if (setup.site.rootDir) {
      const onDisk = JSON.parse(readFileSync(path.join(setup.site.rootDir, notebook), 'utf8'));
      expect(onDisk.cells.map((cell: { source: string | string[] }) => [cell.source].flat().join(''))).toEqual([KEEP_42]);
    }
  });

  it("execute_code runs code in the notebook's kernel, sharing its variables", async () => {
    const notebook = 'variables.ipynb';
    await onMainPage();
    await ok('create_notebook', { name: notebook });
    const cellId = (await ok('add_cell', { notebookPath: notebook, content: KEEP_42 })).cellId;
    const first = await ok('run_cell', { notebookPath: notebook, cellId });
    // A kernel that starts slower than pendingAfterSeconds (a loaded machine) makes the run answer pending first.
    const ran = first.pending ? await ok('wait_for_result', { pendingId: first.pendingId, seconds: 60 }) : first;
    const result = await ok('execute_code', { kernelId: ran.kernelId, code: 'x + 0' });
    expect(result).toMatchObject({
      status: 'ok',
      outputs: [expect.objectContaining({ output_type: 'execute_result', data: { 'text/plain': '42' } })]
    });
  });

  it('a command that opens a dialog answers pending; answer_dialog answers it and wait_for_result collects the call', async () => {
    const notebook = 'dialog.ipynb';
    await shownNotebook(notebook);
    const id = await kernelId(notebook);
    await ok('execute_code', { kernelId: id, code: KEEP_42 });
    const first = await ok('execute_command', { commandId: 'notebook:restart-kernel' });
    expect(first).toMatchObject({ pending: true, dialogs: [expect.objectContaining({ title: 'Restart Kernel?' })] });
    expect(await ok('answer_dialog', { button: 'Cancel' })).toMatchObject({ button: 'Cancel' });
    await ok('wait_for_result', { pendingId: first.pendingId, seconds: 10 });
    expect((await ok('get_context')).dialogs).toEqual([]);
    // Cancelled: the kernel kept its variables.
    expect(await ok('execute_code', { kernelId: id, code: 'x' })).toMatchObject({ status: 'ok' });
  });

  if (kind.interruptStops) {
    it('a long execute_code answers pending; interrupt_kernel stops it and wait_for_result reports the interrupt', async () => {
      const notebook = 'interrupted.ipynb';
      await shownNotebook(notebook);
      const id = await kernelId(notebook);
      const first = await ok('execute_code', { kernelId: id, code: kind.longRun });
      expect(first).toMatchObject({ pending: true });
      const interrupted = await ok('interrupt_kernel', { kernelId: id });
      expect(interrupted).toMatchObject({ success: true, status: 'idle' });
      expect(interrupted).not.toHaveProperty('warning');
      expect((await call('wait_for_result', { pendingId: first.pendingId, seconds: 10 })).result).toMatchObject({
        success: false,
        code: 'cell_error',
        ename: 'KeyboardInterrupt'
      });
    });
  } else {
    it('a long execute_code answers pending; interrupt_kernel cannot stop it and says to use restart_kernel', async () => {
      const notebook = 'interrupted.ipynb';
      await shownNotebook(notebook);
      const id = await kernelId(notebook);
      expect(await ok('execute_code', { kernelId: id, code: kind.longRun })).toMatchObject({ pending: true });
      try {
        expect(await ok('interrupt_kernel', { kernelId: id })).toMatchObject({
          status: 'busy',
          warning: expect.stringContaining('Use restart_kernel')
        });
      } finally {
        // As the warning says: this stops the loop, which would hold the kernel for 30 s.
        await ok('restart_kernel', { kernelId: id });
      }
    });
  }

  it('restart_kernel restarts the kernel without a dialog: its variables are gone', async () => {
    const notebook = 'restarted.ipynb';
    const tab = await shownNotebook(notebook);
    const id = await kernelId(notebook);
    await ok('execute_code', { kernelId: id, code: KEEP_42 });
    expect(await ok('restart_kernel', { kernelId: id })).toMatchObject({ success: true });
    // The kernel may still be starting up when the restart has answered.
    await expect
      .poll(async () => (await call('execute_code', { kernelId: id, code: kind.afterRestart.code })).result, { timeout: 30_000 })
      .toMatchObject(kind.afterRestart.result);
    expect(await tab.locator('.jp-Dialog').count()).toBe(0);
  });

  it('create_file, list_directory, read_file and write_file work on the files the file browser shows', async () => {
    const file = 'files.md';
    await onMainPage();
    // This page shows one document: a new tab would be a popup, so the file is not opened there.
    expect(await ok('create_file', { fileName: file, fileType: 'markdown', content: '# hello' })).toMatchObject({
      filePath: file,
      opened: !kind.notebookInOwnTab
    });
    const listing = await ok('list_directory', {});
    expect((listing.items as { name: string }[]).map((item) => item.name)).toContain(file);
    expect(await ok('read_file', { filePath: file })).toMatchObject({ content: '# hello' });
    await ok('write_file', { filePath: file, content: 'rewritten by the agent\n' });
    expect(await ok('read_file', { filePath: file })).toMatchObject({ content: 'rewritten by the agent\n' });
    if (setup.site.rootDir) {
      expect(readFileSync(path.join(setup.site.rootDir, file), 'utf8')).toBe('rewritten by the agent\n');
    }
    await expect.poll(() => setup.page.locator('.jp-DirListing-itemText').allInnerTexts(), { timeout: 30_000 }).toContain(file);
  });

  if (kind.kind === 'JupyterLite') {
    it('contents live in the browser: they are still there after a reload', async () => {
      const file = 'kept.md';
      await onMainPage();
      await ok('write_file', { filePath: file, content: 'written before the reload\n' });
      await setup.page.reload();
      const names = async () => (((await call('list_directory')).result.items ?? []) as { name: string }[]).map((item) => item.name);
      await expect.poll(names, { timeout: 30_000 }).toContain(file);
      expect(await ok('read_file', { filePath: file })).toMatchObject({ content: 'written before the reload\n' });
    });

    it('the notebooks UI shows one notebook: get_context has the note and no file browser', async () => {
      const notebook = 'alone.ipynb';
      await oneDocumentPage(notebook);
      await expect
        .poll(async () => (await call('get_context')).result, { timeout: 30_000 })
        .toMatchObject({
          app: { name: 'JupyterLite' },
          fileBrowserPath: null,
          note: expect.stringContaining('open_document opens another document in a new browser tab'),
          widgets: [expect.objectContaining({ type: 'notebook', path: notebook })]
        });
    });
  }

  if (kind.notebookInOwnTab || kind.kind === 'JupyterLite') {
    it('open_document for the document a one-document page shows brings it to the front there, in no new tab', async () => {
      const notebook = 'in-front.ipynb';
      const tab = await oneDocumentPage(notebook);
      await expect.poll(async () => (await notebookWidget(notebook))?.path, { timeout: 30_000 }).toBe(notebook);
      // A new browser tab would come from window.open in this page: count its calls.
      await tab.evaluate(() => {
        const page = globalThis as unknown as { open: (...args: unknown[]) => unknown; windowsOpened: number };
        const open = page.open.bind(page);
        page.windowsOpened = 0;
        page.open = (...args) => {
          page.windowsOpened++;
          return open(...args);
        };
      });
      const opened = await ok('open_document', { path: notebook });
      expect(opened.result).toMatchObject({ type: 'notebook', title: notebook });
      expect(await tab.evaluate(() => (globalThis as unknown as { windowsOpened: number }).windowsOpened)).toBe(0);
      expect(await tab.locator('.jp-NotebookPanel').count()).toBe(1);
    });

    it('open_document on a one-document page opens the file in a new browser tab that connects as its own page', async () => {
      const file = 'opened.md';
      await onMainPage();
      await ok('write_file', { filePath: file, content: '# opened\n' });
      await oneDocumentPage('opener.ipynb');
      let result: Record<string, unknown> = {};
      const tab = await opensConnectedTab(async () => {
        result = await ok('open_document', { path: file });
      });
      expect(result.result).toEqual({ type: 'editor', disposed: true });
      expect(tab.url()).toMatch(/\/edit\/.*opened\.md/);
      await selectPageAt('/edit/');
      expect(await ok('get_context')).toMatchObject({
        fileBrowserPath: null,
        note: expect.any(String),
        widgets: [expect.objectContaining({ path: file })]
      });
    });
  } else {
    it('open_document opens a file in the page and makes it current', async () => {
      const file = 'opened.md';
      await onMainPage();
      await ok('write_file', { filePath: file, content: '# opened\n' });
      const result = await ok('open_document', { path: file });
      expect(result.result).toMatchObject({ type: 'editor', title: file });
      expect((await ok('get_context')).currentWidgetId).toBe((result.result as { id: string }).id);
    });
  }
});
