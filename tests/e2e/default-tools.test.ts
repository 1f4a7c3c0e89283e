/**
 * The tools in depth against a real JupyterLab page with a real python3 kernel:
 * kernel control, input checks, settings tools, blocked commands and the result
 * cap. (catalogue.test.ts runs every tool on each page kind.) The page also has
 * the test-only stand-in for jupyterlab-ai-commands (test-pages/ai-commands-fixture):
 * the notebook tools still run the bridge's own commands.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AI_COMMANDS_FIXTURE_DIR,
  resetBridgeSetting,
  setBridgeSetting,
  startLabWithAgent,
  type LabWithAgent
} from './support/lab-with-agent.js';

let setup: LabWithAgent;
const NOTEBOOK = 'tools.ipynb';

beforeAll(async () => {
  setup = await startLabWithAgent({ extensions: [AI_COMMANDS_FIXTURE_DIR] });
  await setup.open();
  await setup.openNewNotebook(NOTEBOOK);
});

afterAll(async () => {
  await setup?.stop();
});

const call = (name: string, args: Record<string, unknown> = {}) => setup.mcp.call(name, args);
const ok = (name: string, args?: Record<string, unknown>) => setup.mcp.ok(name, args);
const toolNames = async () => (await setup.mcp.client.listTools()).tools.map((tool) => tool.name);
/** The notebook's cells as the page shows them: their source text. */
const cellSources = () => setup.page.locator('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell .jp-InputArea-editor').allInnerTexts();
/** The notebook's kernel id, once its session has one (the kernel may still be starting). */
const pythonKernelId = async () => {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const context = await ok('get_context');
        id = (context.widgets as { path?: string; kernel?: { id: string } }[]).find((w) => w.path === NOTEBOOK)?.kernel?.id;
        return id;
      },
      { timeout: 30_000 }
    )
    .toBeDefined();
  return id!;
};

/**
 * On the notebook's own kernel connection in the page: sends a debug request, as
 * JupyterLab's debugger sends them (on the control channel), or reads its status.
 */
const onNotebookConnection = (action: 'debug request' | 'status') =>
  setup.page.evaluate(
    async ({ notebook, action }) => {
      type Connection = { status: string; requestDebug(content: object): { done: Promise<unknown> } };
      type Widget = { context?: { path: string }; sessionContext?: { session?: { kernel?: Connection } } };
      const app = (globalThis as unknown as { jupyterapp: { shell: { widgets(area: string): Iterable<Widget> } } }).jupyterapp;
      const kernel = [...app.shell.widgets('main')].find((widget) => widget.context?.path === notebook)?.sessionContext?.session?.kernel;
      if (!kernel) throw new Error(`no kernel connection for ${notebook}`);
      if (action === 'debug request') {
        await kernel.requestDebug({ seq: 1, type: 'request', command: 'debugInfo', arguments: {} }).done;
      }
      return kernel.status;
    },
    { notebook: NOTEBOOK, action }
  );

describe('the kernel tools in a real JupyterLab page', () => {
  it('interrupt_kernel stops a cell running time.sleep(30) and the notebook shows the interrupt', async () => {
    const marker = `sleeping-${Date.now()}`;
    const slow = await ok('add_cell', { notebookPath: NOTEBOOK, content: `import time\nprint('${marker}', flush=True)\ntime.sleep(30)` });
    const running = call('run_cell', { notebookPath: NOTEBOOK, cellId: slow.cellId });
    const kernelId = await pythonKernelId();
    // The cell itself must be running: a kernel still busy starting up would take
    // the interrupt instead and abort the queued cell. (Rarely, about once in
    // twenty runs here, the kernel ends a first sleep by itself with a
    // KeyboardInterrupt that no request sent; the 10 s bound below still shows
    // that interrupt_kernel stops a sleeping cell.)
    await expect.poll(() => setup.page.locator('.jp-OutputArea-output', { hasText: marker }).count(), { timeout: 30_000 }).toBe(1);
    const started = performance.now();
    const interrupted = await ok('interrupt_kernel', { kernelId });
    expect(interrupted).toMatchObject({ success: true, status: 'idle' });
    expect(interrupted).not.toHaveProperty('warning');
    const { result } = await running;
    expect(result).toMatchObject({ success: false, code: 'cell_error', status: 'error', ename: 'KeyboardInterrupt' });
    expect(performance.now() - started).toBeLessThan(10_000);
    await expect.poll(() => setup.page.locator('.jp-OutputArea-output').last().innerText()).toContain('KeyboardInterrupt');
  });

  it('interrupt_kernel warns when the kernel stays busy, pointing to restart_kernel', async () => {
    const kernelId = await pythonKernelId();
    // Code that ignores interrupts, as some C extensions do. (ipykernel restores
    // its SIGINT handler before every execution, so it must be one execution.)
    // It leaves a file once interrupts are ignored: the interrupt must come after that, not
    // while the kernel is busy with something before it (then the code would be interrupted).
    const ready = `stubborn-${Date.now()}.txt`;
    const stubborn = call('execute_code', {
      kernelId,
      code:
        `import signal, time\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\nopen(${JSON.stringify(ready)}, 'w').close()\n` +
        'time.sleep(6)\nsignal.signal(signal.SIGINT, signal.default_int_handler)'
    });
    await expect.poll(() => existsSync(path.join(setup.site.rootDir, ready)), { timeout: 30_000 }).toBe(true);
    // JupyterLab's debugger sends requests of its own on the notebook's connection: their
    // status messages leave it reading idle while the code runs. The warning must not trust that.
    await onNotebookConnection('debug request');
    await expect.poll(() => onNotebookConnection('status')).toBe('idle');
    const result = await ok('interrupt_kernel', { kernelId });
    expect(result).toMatchObject({
      status: 'busy',
      warning: expect.stringMatching(/still busy 1 s after the interrupt.*Use restart_kernel/)
    });
    expect((await stubborn).result).toMatchObject({ success: true, status: 'ok' });
  });

  /** Rounds of restarts may each outlast pendingAfterSeconds on a loaded machine (test timeout 120 s). */
  const ROUNDS_TIMEOUT_MS = 300_000;
  /** A kernel started on the side, e.g. from the Running panel; the page keeps its first connection to restart it as another tab would. */
  const sideKernel = () =>
    setup.page.evaluate(async () => {
      const page = globalThis as unknown as {
        jupyterapp: { serviceManager: { kernels: { startNew(o: object): Promise<{ id: string; restart(): Promise<void> }> } } };
        sideKernels?: Record<string, { restart(): Promise<void> }>;
      };
      const kernel = await page.jupyterapp.serviceManager.kernels.startNew({ name: 'python3' });
      page.sideKernels = { ...page.sideKernels, [kernel.id]: kernel };
      return kernel.id;
    });
  /** A call's result, followed through wait_for_result when a loaded machine makes it outlast pendingAfterSeconds, as an agent would. */
  const followed = async (name: string, args: Record<string, unknown>) => {
    const { result } = await call(name, args);
    return result.pending ? (await call('wait_for_result', { pendingId: result.pendingId, seconds: 120 })).result : result;
  };
  const restartKernel = (kernelId: string) => followed('restart_kernel', { kernelId });
  const forgotten = { success: false, code: 'cell_error', ename: 'NameError' };

  it(
    'restart_kernel restarts a kernel no document uses, without a dialog, and execute_code answers right after it',
    async () => {
      const kernelId = await sideKernel();
      // Each round restarts and runs at once: the run went unanswered when it followed the restart on a connection that missed it.
      for (let round = 0; round < 3; round++) {
        expect(await followed('execute_code', { kernelId, code: 'remembered = 1' })).toMatchObject({ success: true });
        expect(await restartKernel(kernelId)).toMatchObject({ success: true });
        const after = await followed('execute_code', { kernelId, code: 'remembered' });
        expect(after).toMatchObject(forgotten);
        expect(after).not.toHaveProperty('warning');
      }
      expect(await setup.page.locator('.jp-Dialog').count()).toBe(0);
    },
    ROUNDS_TIMEOUT_MS
  );

  it('restart_kernel ends an execute_code still running on that kernel, as aborted, instead of leaving it waiting', async () => {
    const kernelId = await sideKernel();
    // A kernel started on the side works in the server's folder: the file it leaves is named in full.
    const started = path.join(setup.site.rootDir, `sleeping-${Date.now()}.txt`);
    const sleeping = followed('execute_code', {
      kernelId,
      code: `import time\nopen(${JSON.stringify(started)}, 'w').close()\ntime.sleep(60)`
    });
    await expect.poll(() => existsSync(started), { timeout: 30_000 }).toBe(true);
    await restartKernel(kernelId);
    expect(await sleeping).toMatchObject({ success: false, code: 'execution_aborted', error: expect.stringMatching(/restarted/) });
  });

  it(
    'execute_code answers right after a restart made elsewhere, which its connection to the kernel may not hear',
    async () => {
      const kernelId = await sideKernel();
      for (let round = 0; round < 8; round++) {
        expect(await followed('execute_code', { kernelId, code: 'remembered = 1' })).toMatchObject({ success: true });
        await setup.page.evaluate(async (id) => {
          const kernel = (globalThis as unknown as { sideKernels: Record<string, { restart(): Promise<void> } | undefined> }).sideKernels[
            id
          ];
          if (!kernel) {
            throw new Error(`no side kernel ${id}`);
          }
          await kernel.restart();
        }, kernelId);
        // The page's connection to the kernel may miss the run's outputs: then the answer still comes, saying so.
        const after = await followed('execute_code', { kernelId, code: 'remembered' });
        expect(after).toMatchObject(forgotten);
        expect([undefined, expect.stringMatching(/^The run's outputs may be missing: /)]).toContainEqual(after.warning);
      }
    },
    ROUNDS_TIMEOUT_MS
  );

  it.each(['interrupt_kernel', 'restart_kernel'])(
    '%s answers not_found for an id no running kernel has, naming get_context',
    async (tool) => {
      expect((await call(tool, { kernelId: 'no-such-kernel' })).result).toMatchObject({
        success: false,
        code: 'not_found',
        error: `${tool}: no running kernel has the id "no-such-kernel". get_context lists the running kernels.`
      });
    }
  );
});

describe('input checks, on a built-in and on a command-backed tool', () => {
  it.each([
    ['list_all_commands', { query: 'run', max: 3 }, 'list_all_commands: unknown argument "max". Accepted arguments: query, limit.'],
    [
      'run_cell',
      { notebookPath: NOTEBOOK, cell_id: 'x' },
      'run_cell: unknown argument "cell_id". Accepted arguments: notebookPath, cellId.'
    ],
    ['execute_command', {}, /^execute_command: missing required argument "commandId"/],
    ['run_cell', { notebookPath: NOTEBOOK }, /^run_cell: missing required argument "cellId"/],
    ['run_cell', { notebookPath: null, cellId: 'x' }, /^run_cell: missing required argument "notebookPath"/],
    ['run_cell', { notebookPath: ' ', cellId: 'x' }, /^run_cell: missing required argument "notebookPath" \(it is blank\)/],
    ['list_all_commands', { limit: 'ten' }, 'list_all_commands: argument "limit" must be an integer, not a string ("ten").'],
    ['add_cell', { notebookPath: NOTEBOOK, content: 42 }, 'add_cell: argument "content" must be a string, not a number.']
  ])('%s %j → bad_input', async (tool, args, error) => {
    const { raw, result } = await call(tool, args);
    expect(raw.isError).toBe(true);
    expect(result).toMatchObject({ success: false, code: 'bad_input' });
    expect(result.error).toEqual(typeof error === 'string' ? error : expect.stringMatching(error));
  });

  it('drops null optional arguments instead of passing them on', async () => {
    expect((await ok('list_all_commands', { query: 'notebook:run-cell', limit: null })).commandCount).toBeGreaterThan(0);
    const added = await ok('add_cell', { notebookPath: NOTEBOOK, content: '1', cellType: null, referenceCellId: null });
    await ok('delete_cell', { notebookPath: NOTEBOOK, cellId: added.cellId });
  });

  it('edit_cell without content is refused before the command could empty the cell', async () => {
    const before = await cellSources();
    const cellId = ((await ok('read_notebook', { notebookPath: NOTEBOOK })).cells as { id: string }[])[0]!.id;
    const { result } = await call('edit_cell', { notebookPath: NOTEBOOK, cellId });
    expect(result).toMatchObject({ code: 'bad_input', error: expect.stringMatching(/missing required argument "content"/) });
    expect(await cellSources()).toEqual(before);
  });
});

describe('settings tools, disabled tools, blocked commands and the result cap', () => {
  const markdownTool = {
    name: 'new_markdown_file',
    command: 'docmanager:new-untitled',
    description: 'Create an untitled Markdown file in the root folder.',
    fixedArgs: { path: '', type: 'file', ext: 'md' }
  };

  afterEach(async () => {
    for (const key of ['tools', 'disabledTools', 'blockedCommands', 'maxResultChars']) {
      await resetBridgeSetting(setup.page, key);
    }
  });

  it('a tool from the settings appears live, runs with its fixed arguments, and goes with disabledTools', async () => {
    const appeared = setup.mcp.listChangedUntil((names) => names.includes('new_markdown_file'));
    await setBridgeSetting(setup.page, 'tools', [markdownTool, { name: 'Broken Name', command: 'x', description: 'd' }]);
    await appeared;
    const listed = (await setup.mcp.client.listTools()).tools.find((tool) => tool.name === 'new_markdown_file')!;
    // Its fixed arguments are hidden from the agent.
    expect(Object.keys(listed.inputSchema.properties ?? {}).some((name) => ['path', 'type', 'ext'].includes(name))).toBe(false);

    const created = await ok('new_markdown_file');
    const filePath = (created.result as { path: string }).path;
    expect(filePath).toMatch(/\.md$/);
    expect(existsSync(path.join(setup.site.rootDir, filePath))).toBe(true);

    const context = await ok('get_context');
    expect(context.catalogueErrors).toEqual([
      { source: 'tools[1] "Broken Name"', error: 'name: must match ^[a-z][a-z0-9_]{0,47}$ (lower case, digits, _; at most 48)' }
    ]);

    const gone = setup.mcp.listChangedUntil((names) => !names.includes('new_markdown_file'));
    await setBridgeSetting(setup.page, 'disabledTools', ['new_markdown_file', 'execute_code']);
    await gone;
    const names = await toolNames();
    expect(names).not.toContain('new_markdown_file');
    expect(names).not.toContain('execute_code');
    expect((await call('execute_code', { kernelId: 'k', code: '1' })).result).toMatchObject({ code: 'unknown_tool' });
  });

  it('a blocked command is neither listed nor run, by any tool', async () => {
    expect((await ok('list_all_commands', { query: 'apputils:run-all-enabled' })).commandCount).toBe(0);
    const blocked = await call('execute_command', {
      commandId: 'apputils:run-all-enabled',
      args: { commands: ['notebook:run-all-cells'] }
    });
    expect(blocked.result).toMatchObject({ success: false, code: 'blocked_command' });

    const changed = setup.mcp.listChangedUntil((names) => !names.includes('delete_cell'));
    await setBridgeSetting(setup.page, 'blockedCommands', ['jupyter-live-mcp:delete-*', 'notebook:run-all-*']);
    await changed;
    expect((await ok('list_all_commands', { query: 'notebook:run-all' })).commandCount).toBe(0);
    expect((await call('execute_command', { commandId: 'notebook:run-all-cells' })).result).toMatchObject({ code: 'blocked_command' });
  });

  it('a result over maxResultChars comes back as valid JSON marked truncated', async () => {
    const big = await ok('add_cell', { notebookPath: NOTEBOOK, content: "print('y' * 50000)" });
    await ok('run_cell', { notebookPath: NOTEBOOK, cellId: big.cellId });
    await setBridgeSetting(setup.page, 'maxResultChars', 3000);
    // The output whole: the compact view would condense the long line itself.
    const { raw, result } = await call('read_cell', { notebookPath: NOTEBOOK, cellId: big.cellId, outputIndex: 0 });
    const text = (raw.content[0] as { text: string }).text;
    expect(text.length).toBeLessThanOrEqual(3000);
    expect(JSON.parse(text)).toEqual(result);
    expect(result).toMatchObject({ success: true, truncated: true, output: expect.any(Object) });
    expect(text).toMatch(/more characters cut\]/);
  });
});
