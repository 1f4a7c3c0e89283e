/**
 * The bridge, built against JupyterLab 4.6, installed unchanged on the oldest JupyterLab 4
 * and Notebook 7 minors tested (4.0.2, 7.2.3: test-pages/older-jupyter): it asks the page
 * for the releases it supports, so the page logs no module-federation version warning, and
 * listing every command (which reads each label without arguments) logs no error; and
 * a smoke of every tool the server lists: each is called once and answers success.
 * The full suite (catalogue.test.ts and the rest) runs on 4.6 / 7.6 / Lite 0.8.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPageWithAgent, type PageKind, type PageWithAgent } from './support/lab-with-agent.js';
import { LISTED_TOOL_NAMES } from './support/tool-names.js';

interface Kind {
  kind: PageKind;
  app: { name: string; version: RegExp };
  /**
   * Errors the page logs without the bridge too (checked by hand), with why: each one's first
   * line (a stack with the page's port may follow). Logged once the tools below ran; the
   * loading page and list_all_commands log none but these.
   */
  pageErrors: string[];
  /** Notebooks open in a page of their own (Notebook 7's /notebooks/<path>). */
  notebookPage: boolean;
}

const KINDS: Kind[] = [
  {
    kind: 'JupyterLab 4.0',
    app: { name: 'JupyterLab', version: /^4\.0\./ },
    // The 4.0 cell toolbar, when a cell is replaced in one change (add_cell on a new notebook's lone
    // empty cell; the bare page logs it too when a cell's type changes, as the M key does): it adds a
    // toolbar to the cell it is given and inserts it once the buttons rendered, by when that cell is gone.
    pageErrors: ["Error rendering buttons of the cell toolbar:  TypeError: Cannot read properties of null (reading 'insertWidget')"],
    notebookPage: false
  },
  {
    kind: 'Notebook 7.2',
    app: { name: 'Jupyter Notebook', version: /^7\.2\./ },
    // The 7.2 docmanager-extension's settings handler, on the test page's plugin set (the 7.6 page's lists).
    pageErrors: ['Cannot convert undefined or null to object'],
    notebookPage: true
  }
];

const firstLines = (errors: string[]) => errors.map((text) => text.replace(/\n.*/s, ''));

describe.each(KINDS)('the bridge on $kind', ({ kind, app, pageErrors, notebookPage }) => {
  let setup: PageWithAgent;
  const warnings: string[] = [];

  beforeAll(async () => {
    setup = await startPageWithAgent(kind);
    setup.page.on('console', (message) => {
      if (message.type() === 'warning') {
        warnings.push(message.text());
      }
    });
    await setup.open();
  });

  afterAll(async () => {
    await setup?.stop();
  });

  it('connects and names the release in get_context, with no catalogue error', async () => {
    const context = await setup.mcp.ok('get_context');
    expect(context.app).toMatchObject({ name: app.name, version: expect.stringMatching(app.version) });
    expect(context.catalogueErrors ?? []).toEqual([]);
  });

  it('list_all_commands lists every command, and neither it nor the loading page logs an error or a version warning', async () => {
    const listed = await setup.mcp.ok('list_all_commands', { limit: 1000 });
    expect(listed.commandCount).toBeGreaterThan(100);
    expect(firstLines(setup.consoleErrors).filter((text) => !pageErrors.includes(text))).toEqual([]);
    expect(warnings.filter((text) => /Unsatisfied version|No satisfying version|shared module/i.test(text))).toEqual([]);
  });

  it('every tool the server lists answers success', async () => {
    const called = new Set<string>();
    /** A call that must succeed; one that went pending is waited for. */
    const ok = async (tool: string, args: Record<string, unknown> = {}) => {
      called.add(tool);
      let result = await setup.mcp.ok(tool, args);
      while (result.pending === true && !result.dialogs) {
        called.add('wait_for_result');
        result = await setup.mcp.ok('wait_for_result', { pendingId: result.pendingId, seconds: 60 });
      }
      return result;
    };
    const listed = (await setup.mcp.client.listTools()).tools.map((tool) => tool.name);
    expect(listed.sort()).toEqual([...LISTED_TOOL_NAMES].sort());

    const file = (await ok('create_file', { fileName: 'notes', fileType: 'markdown', content: '# hello' })).filePath as string;
    await ok('write_file', { filePath: file, content: 'forty-two\n' });
    expect(await ok('read_file', { filePath: file })).toMatchObject({ content: 'forty-two\n' });
    expect(JSON.stringify(await ok('list_directory', {}))).toContain(file);

    const nb = 'smoke.ipynb';
    await ok('create_notebook', { name: nb });
    if (notebookPage) {
      // A notebook page shows one notebook: the tab loads the page of the new one, whose tools then work on it.
      await setup.page.goto(setup.site.notebookUrl!(nb));
      await expect
        .poll(async () => ((await ok('select_page')).pages as { url: string }[]).map((page) => page.url), { timeout: 60_000 })
        .toEqual([expect.stringContaining(`/notebooks/${nb}`)]);
    }
    await ok('select_page', { pageId: ((await ok('get_context')).page as { pageId: string }).pageId });
    await ok('open_document', { path: nb });
    await expect
      .poll(
        async () =>
          ((await ok('get_context')).widgets as { path?: string; kernel?: { status: string } }[]).find((w) => w.path === nb)?.kernel
            ?.status,
        {
          timeout: 60_000
        }
      )
      .toBe('idle');

    const { cellId } = await ok('add_cell', { notebookPath: nb, content: 'x = 6*7\nx' });
    const ran = await ok('run_cell', { notebookPath: nb, cellId });
    expect(JSON.stringify(ran.outputs)).toContain('42');
    const kernelId = ran.kernelId as string;
    await ok('edit_cell', { notebookPath: nb, cellId, content: 'x = 6*7\nprint(x)' });
    expect(await ok('read_cell', { notebookPath: nb, cellId })).toMatchObject({ source: 'x = 6*7\nprint(x)' });
    const [added] = (await ok('edit_notebook', { notebookPath: nb, edits: [{ op: 'add', content: 'x + 1' }] })).newCellIds as string[];
    expect(JSON.stringify((await ok('run_cells', { notebookPath: nb, all: true })).cells)).toContain('43');
    expect(JSON.stringify(await ok('read_notebook', { notebookPath: nb }))).toContain('x + 1');
    await ok('delete_cell', { notebookPath: nb, cellId: added });
    await ok('save_notebook', { notebookPath: nb });
    expect(await ok('execute_code', { kernelId, code: 'x + 0' })).toMatchObject({ status: 'ok' });
    await ok('interrupt_kernel', { kernelId });

    // A command that asks the person: answered pending with the dialog, then answered.
    const asked = await ok('execute_command', { commandId: 'notebook:restart-kernel' });
    expect(asked).toMatchObject({ pending: true, dialogs: [expect.objectContaining({ title: 'Restart Kernel?' })] });
    await ok('answer_dialog', { button: 'Cancel' });
    await ok('wait_for_result', { pendingId: asked.pendingId, seconds: 10 });
    await ok('restart_kernel', { kernelId });
    await ok('list_all_commands', { query: 'run cell' });

    expect([...called].sort()).toEqual(listed);
    // The browser logs the 404 that answers "is this name free?" before a file is made.
    const nameCheck = /^Failed to load resource: .* 404 .*\/api\/contents\/(notes\.md|smoke\.ipynb)\?content=0/;
    expect(firstLines(setup.consoleErrors.filter((text) => !nameCheck.test(text)))).toEqual(pageErrors);
  });
});
