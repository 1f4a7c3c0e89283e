/**
 * The walking skeleton, end to end: a real MCP client spawns the built CLI over
 * stdio; a real JupyterLab 4.6.4 page (Debian's jupyter_server, a python3
 * kernel) with the bridge installed as users install it connects to it from
 * headless Chromium; everything the agent does goes through MCP tool calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WebSocket } from 'playwright-core';
import { startLabWithAgent, type LabWithAgent } from './support/lab-with-agent.js';
import { startMcpSession, type McpSession } from './support/mcp-session.js';
import { LISTED_TOOL_NAMES } from './support/tool-names.js';

let setup: LabWithAgent;
let mcp: McpSession;
let page: Page;

beforeAll(async () => {
  setup = await startLabWithAgent();
  ({ mcp, page } = setup);
  const loadStarted = performance.now();
  // Resolves at the list_changed the connected page's tools bring.
  await setup.open();
  await mcp.ok('get_context');
  console.info(`page load → first get_context answered: ${Math.round(performance.now() - loadStarted)} ms`);
});

afterAll(async () => {
  // The reconnect test replaces the MCP session; close the one in use.
  setup.mcp = mcp;
  await setup?.stop();
});

/** The notebook in front. */
const shownNotebook = () => page.locator('.jp-NotebookPanel:not(.lm-mod-hidden)');
/** The text of its output areas. */
const outputs = async () => (await shownNotebook().locator('.jp-OutputArea-output').allInnerTexts()).map((text) => text.trim());
/** The titles of the main area's tabs. */
const mainAreaTabs = () => page.locator('#jp-main-dock-panel .lm-TabBar-tab .lm-TabBar-tabLabel').allInnerTexts();
/** Its first cell's execution prompt, e.g. "[1]:". */
const firstPrompt = () => shownNotebook().locator('.jp-Cell .jp-InputArea-prompt').first().innerText();

/** Creates an untitled notebook as the person's New Notebook does; resolves once its kernel is idle. */
async function newUntitledNotebook(): Promise<{ id: string; path: string }> {
  const created = await mcp.call('execute_command', { commandId: 'notebook:create-new', args: { kernelName: 'python3' } });
  expect(created.result).toMatchObject({
    success: true,
    result: { type: 'notebook', title: expect.stringMatching(/^Untitled\d*\.ipynb$/) }
  });
  const { id, title } = created.result.result as { id: string; title: string };
  // The kernel is the page's own: get_context sees it start and settle.
  await expect
    .poll(async () => (await mcp.call('get_context')).result, { timeout: 60_000, interval: 500 })
    .toMatchObject({
      currentWidgetId: id,
      kernels: expect.arrayContaining([expect.objectContaining({ name: 'python3', status: 'idle' })]),
      widgets: expect.arrayContaining([
        expect.objectContaining({
          type: 'notebook',
          id,
          path: title,
          kernel: expect.objectContaining({ name: 'python3', status: 'idle' }),
          notebook: expect.objectContaining({ cellCount: 1, activeCellIndex: 0, activeCellType: 'code' })
        })
      ])
    });
  return { id, path: title };
}

describe('agent → CLI → WebSocket → bridge in JupyterLab → back', () => {
  it('lists the default tools before any page is there, and answers no_page', async () => {
    // A server of its own: this file's page is connected to the other.
    const alone = await startMcpSession();
    try {
      const { tools } = await alone.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(LISTED_TOOL_NAMES);
      const annotations = Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations]));
      expect(annotations.read_notebook).toEqual({
        title: 'Read a notebook',
        readOnlyHint: true,
        destructiveHint: false,
        openWorldHint: true
      });
      expect(annotations.run_cell).toMatchObject({ readOnlyHint: false, destructiveHint: true, openWorldHint: true });
      expect(annotations.add_cell).toMatchObject({ readOnlyHint: false, destructiveHint: false, openWorldHint: false });
      expect(annotations.delete_cell).toMatchObject({ destructiveHint: true });
      const { raw, result } = await alone.call('get_context');
      expect(raw.isError).toBe(true);
      expect(result).toMatchObject({ success: false, code: 'no_page' });
      expect(result.error).toContain(`ws://127.0.0.1:${alone.port}`);
    } finally {
      await alone.close();
    }
  });

  it('once the page connected (its tools refreshed the list), answers get_context from JupyterLab 4.6.4', async () => {
    const { result } = await mcp.call('get_context');
    expect(result).toMatchObject({
      success: true,
      app: { name: 'JupyterLab', version: '4.6.4' },
      fileBrowserPath: '',
      kernels: expect.any(Array),
      dialogs: [],
      pending: []
    });
    // The widgets are the tabs the person sees in the main area (the launcher may
    // open a moment after the page connected, so compare both at one moment).
    await expect
      .poll(async () => {
        const tabs = await mainAreaTabs();
        const context = (await mcp.call('get_context')).result;
        const titles = (context.widgets as { title: string }[]).map((widget) => widget.title);
        return JSON.stringify(titles) === JSON.stringify(tabs) && JSON.stringify(tabs) === JSON.stringify(await mainAreaTabs());
      })
      .toBe(true);
    const settled = (await mcp.call('get_context')).result;
    const ids = (settled.widgets as { id: string }[]).map((widget) => widget.id);
    expect(ids.length ? ids : [null]).toContain(settled.currentWidgetId);

    // With no other extension the page offers every tool: the bridge runs the notebook tools itself.
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...LISTED_TOOL_NAMES].sort());
    const missing = await mcp.call('run_cell', { notebookPath: 'a.ipynb', cellId: 'x' });
    expect(missing.result).toMatchObject({ success: false, code: 'not_found' });
    expect(missing.result.error).toMatch(/there is no notebook "a\.ipynb".*create_notebook/);
    expect(tools.find((tool) => tool.name === 'execute_command')?.annotations).toMatchObject({ destructiveHint: true });
  });

  it('finds notebook:run-cell with its argument schema', async () => {
    const { result } = await mcp.call('list_all_commands', { query: 'notebook:run-cell' });
    const commands = result.commands as Record<string, unknown>[];
    expect(result.commandCount).toBe(commands.length);
    expect(commands.find((command) => command.id === 'notebook:run-cell')).toEqual({
      id: 'notebook:run-cell',
      label: 'Run Selected Cell and Do not Advance',
      args: {
        type: 'object',
        properties: { activate: { type: 'boolean', description: 'Whether to activate the notebook after execution' } }
      },
      enabled: false
    });
    const limited = await mcp.call('list_all_commands', { query: 'notebook', limit: 3 });
    expect(limited.result.commands).toHaveLength(3);
    expect(limited.result.commandCount as number).toBeGreaterThan(3);
  });

  it('creates a notebook, writes print(6*7), runs it, and the page shows 42', async () => {
    await newUntitledNotebook();
    const typed = await mcp.call('execute_command', { commandId: 'notebook:replace-selection', args: { text: 'print(6*7)' } });
    expect(typed.result).toMatchObject({ success: true });
    const context = (await mcp.call('get_context')).result;
    expect(context.currentEditor).toMatchObject({ cellId: expect.any(String), cursor: { line: 1, column: 11 } });
    expect((context.widgets as { title: string }[]).map((widget) => widget.title)).toEqual(await mainAreaTabs());

    const ran = await mcp.call('execute_command', { commandId: 'notebook:run-cell', args: { activate: false } });
    expect(ran.result).toEqual({ success: true, result: true });
    await expect.poll(outputs, { timeout: 30_000 }).toEqual(['42']);
    expect(await firstPrompt()).toBe('[1]:');
  });

  it('refuses unknown commands, misplaced semanticWidget and wrong types without running anything', async () => {
    const { id: notebookId } = await newUntitledNotebook();

    const unknown = await mcp.call('execute_command', { commandId: 'notebook:run-everything-now' });
    expect(unknown.raw.isError).toBe(true);
    expect(unknown.result).toEqual({
      success: false,
      code: 'unknown_command',
      error:
        'execute_command: this page has no command "notebook:run-everything-now". Call list_all_commands with a query (e.g. part of the id or label) to find the right id.'
    });

    // runmenu:run would run the active notebook's cell, ignoring semanticWidget.
    const misplaced = await mcp.call('execute_command', { commandId: 'runmenu:run', args: { semanticWidget: notebookId } });
    expect(misplaced.result).toMatchObject({ success: false, code: 'bad_input' });
    expect(misplaced.result.error).toMatch(
      /"semanticWidget" is only for notebook:\* and console:\* commands, and "runmenu:run" is neither/
    );

    const wrongTarget = await mcp.call('execute_command', { commandId: 'notebook:run-cell', args: { semanticWidget: 'no-such-widget' } });
    expect(wrongTarget.result).toMatchObject({ success: false, code: 'bad_input' });

    const wrongType = await mcp.call('execute_command', { commandId: 42 });
    expect(wrongType.result).toEqual({
      success: false,
      code: 'bad_input',
      error: 'execute_command: argument "commandId" must be a string, not a number.'
    });

    const wrongArgs = await mcp.call('execute_command', { commandId: 'notebook:run-cell', args: 'now' });
    expect(wrongArgs.result).toEqual({
      success: false,
      code: 'bad_input',
      error: 'execute_command: argument "args" must be an object, not a string ("now").'
    });

    const unknownArgument = await mcp.call('execute_command', { command: 'notebook:run-cell' });
    expect(unknownArgument.result).toMatchObject({ success: false, code: 'bad_input' });
    expect(unknownArgument.result.error).toBe('execute_command: unknown argument "command". Accepted arguments: commandId, args.');

    // Nothing ran: the new notebook's cell was never executed.
    expect(await firstPrompt()).toBe('[ ]:');
    expect(await outputs()).toEqual([]);
  });

  it('says which tools exist when the agent names one that does not', async () => {
    await expect(mcp.client.callTool({ name: 'delete_everything', arguments: {} })).rejects.toThrow(/Unknown tool "delete_everything"/);
  });

  it('reconnects within 2 s when the server comes back after going away', async () => {
    const port = mcp.port;
    const pageIdBefore = /page connected: (page-[0-9a-f]+)/.exec(mcp.stderr())?.[1];
    expect(pageIdBefore).toBeDefined();
    // The page notices and backs off: 250, 500, 1000 ms, then 1.5 s between attempts.
    let attempts = 0;
    const countAttempt = (socket: WebSocket) => {
      if (socket.url().startsWith(`ws://127.0.0.1:${port}`)) attempts++;
    };
    page.on('websocket', countAttempt);
    await mcp.close();
    await expect.poll(() => attempts, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    page.off('websocket', countAttempt);
    mcp = await startMcpSession({ port, configDir: mcp.configDir, token: mcp.token });
    const back = performance.now();
    await expect.poll(async () => (await mcp.call('get_context')).result.success, { timeout: 2000, interval: 100 }).toBe(true);
    console.info(`server back → page answering: ${Math.round(performance.now() - back)} ms`);
    // The same tab keeps its page id across the reconnect.
    expect(mcp.stderr()).toContain(`page connected: ${pageIdBefore}`);
  });

  it('kept the page free of console errors from the bridge, and the server logs pages on stderr', () => {
    expect(setup.consoleErrors.filter((text) => text.includes('jupyter-live-mcp'))).toEqual([]);
    expect(mcp.stderr()).toMatch(/page connected: page-[0-9a-f]{16} \(JupyterLab http:\/\/127\.0\.0\.1:\d+\/lab[^)]*\)/);
  });
});
