/**
 * Long calls and dialogs in a real JupyterLab page: a call that runs longer
 * than pendingAfterSeconds, or that opens a dialog, answers "pending" and goes
 * on; the agent collects it with wait_for_result and answers dialogs with
 * answer_dialog.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_COMMANDS_FIXTURE_DIR, startLabWithAgent, type LabWithAgent } from './support/lab-with-agent.js';

let setup: LabWithAgent;
const NOTEBOOK = 'long.ipynb';
const PENDING_AFTER_SECONDS = 1.5;

beforeAll(async () => {
  setup = await startLabWithAgent({
    extensions: [AI_COMMANDS_FIXTURE_DIR],
    bridgeSettings: { pendingAfterSeconds: PENDING_AFTER_SECONDS }
  });
  await setup.open();
  await setup.openNewNotebook(NOTEBOOK);
});

afterAll(async () => {
  await setup?.stop();
});

const call = (name: string, args: Record<string, unknown> = {}) => setup.mcp.call(name, args);
const ok = (name: string, args?: Record<string, unknown>) => setup.mcp.ok(name, args);
async function kernelId() {
  const context = await ok('get_context');
  return (context.widgets as { path?: string; kernel?: { id: string } }[]).find((w) => w.path === NOTEBOOK)!.kernel!.id;
}

describe('pending calls', () => {
  it('a slow run_cell answers pending, is listed in get_context, and wait_for_result returns its output', async () => {
    const cell = await ok('add_cell', { notebookPath: NOTEBOOK, content: "import time\ntime.sleep(5)\nprint('slept')" });
    const started = performance.now();
    const first = await ok('run_cell', { notebookPath: NOTEBOOK, cellId: cell.cellId });
    const answeredAfter = performance.now() - started;
    expect(first).toMatchObject({
      pending: true,
      pendingId: expect.any(String),
      tool: 'run_cell',
      command: 'jupyter-live-mcp:run-cell',
      message: expect.stringContaining('wait_for_result')
    });
    expect(answeredAfter).toBeGreaterThanOrEqual(PENDING_AFTER_SECONDS * 1000 - 50);
    expect(answeredAfter).toBeLessThan(4000);

    const context = await ok('get_context');
    expect(context.pending).toEqual([
      { pendingId: first.pendingId, tool: 'run_cell', command: 'jupyter-live-mcp:run-cell', seconds: expect.any(Number) }
    ]);

    expect(await ok('wait_for_result', { pendingId: first.pendingId, seconds: 0.5 })).toMatchObject({
      pending: true,
      pendingId: first.pendingId
    });
    const final = await ok('wait_for_result', { pendingId: first.pendingId, seconds: 30 });
    expect(final).toMatchObject({ status: 'ok', outputs: [{ stdout: 'slept\n' }] });
    expect((await ok('get_context')).pending).toEqual([]);
  });

  it('a pending run stopped by interrupt_kernel reports the interrupt through wait_for_result', async () => {
    const cell = await ok('add_cell', { notebookPath: NOTEBOOK, content: 'import time\ntime.sleep(40)' });
    const first = await ok('run_cell', { notebookPath: NOTEBOOK, cellId: cell.cellId });
    expect(first).toMatchObject({ pending: true });
    await ok('interrupt_kernel', { kernelId: await kernelId() });
    const final = await call('wait_for_result', { pendingId: first.pendingId, seconds: 10 });
    expect(final.result).toMatchObject({ success: false, code: 'cell_error', status: 'error', ename: 'KeyboardInterrupt' });
  });

  it('get_context never answers pending: it waits past pendingAfterSeconds for a slow list of kernels', async () => {
    const listOfKernels = (url: URL) => url.pathname.endsWith('/api/kernels');
    const slowMs = PENDING_AFTER_SECONDS * 1000 + 300;
    await setup.page.route(listOfKernels, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, slowMs));
      // A request of JupyterLab's own still held here when the test ends has gone on without it.
      await route.continue().catch(() => undefined);
    });
    try {
      // get_context asks the server for the list again once it is a second old.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const started = performance.now();
      const context = await ok('get_context');
      expect(performance.now() - started).toBeGreaterThan(PENDING_AFTER_SECONDS * 1000);
      expect(context.pending).toEqual([]);
      expect(context.kernels).toEqual([expect.objectContaining({ id: expect.any(String), name: 'python3' })]);
    } finally {
      await setup.page.unroute(listOfKernels);
    }
  });

  it('answers unknown_pending for an id the page does not know', async () => {
    const { result } = await call('wait_for_result', { pendingId: 'pending-999' });
    expect(result).toMatchObject({ success: false, code: 'unknown_pending', error: expect.stringContaining('get_context') });
  });
});

describe('dialogs', () => {
  it('a rename answers pending with its dialog; answer_dialog with a new name clicks it and the file is renamed', async () => {
    await setup.openNewNotebook('to-rename.ipynb');
    const first = await ok('execute_command', { commandId: 'docmanager:rename' });
    expect(first).toMatchObject({
      pending: true,
      command: 'docmanager:rename',
      dialogs: [
        {
          dialogId: expect.any(String),
          title: 'Rename File',
          buttons: [
            { index: 0, label: 'Cancel', accept: false },
            { index: 1, label: 'Rename', accept: true }
          ],
          input: { value: 'to-rename.ipynb', placeholder: expect.any(String) }
        }
      ],
      message: expect.stringContaining('answer_dialog')
    });
    const dialogs = first.dialogs as { dialogId: string }[];
    expect((await ok('get_context')).dialogs).toEqual(first.dialogs);

    expect(await ok('answer_dialog', { button: 'Rename', value: 'renamed.ipynb' })).toEqual({
      success: true,
      dialogId: dialogs[0]!.dialogId,
      button: 'Rename'
    });
    await ok('wait_for_result', { pendingId: first.pendingId, seconds: 10 });
    expect(existsSync(path.join(setup.site.rootDir, 'renamed.ipynb'))).toBe(true);
    expect(existsSync(path.join(setup.site.rootDir, 'to-rename.ipynb'))).toBe(false);
    expect((await ok('get_context')).dialogs).toEqual([]);
  });

  it('a dialog answered by index works too, and a wrong button says which there are', async () => {
    await setup.openNewNotebook('kept-name.ipynb');
    const first = await ok('execute_command', { commandId: 'docmanager:rename' });
    const dialogId = (first.dialogs as { dialogId: string }[])[0]!.dialogId;
    const wrong = await call('answer_dialog', { button: 'Maybe' });
    expect(wrong.result).toMatchObject({ success: false, code: 'bad_input', error: expect.stringContaining('0 "Cancel", 1 "Rename"') });
    expect(await ok('answer_dialog', { button: 0, dialogId })).toMatchObject({ button: 'Cancel' });
    await ok('wait_for_result', { pendingId: first.pendingId, seconds: 10 });
    expect(existsSync(path.join(setup.site.rootDir, 'kept-name.ipynb'))).toBe(true);
    expect(await setup.page.locator('.jp-Dialog').count()).toBe(0);
  });

  it('answer_dialog with no dialog open says so', async () => {
    const { result } = await call('answer_dialog', { button: 'OK' });
    expect(result).toMatchObject({ success: false, code: 'bad_input', error: expect.stringContaining('no dialog is open') });
  });

  it('a read that fails and leaves an error dialog open lists it in its result', async () => {
    // read_notebook answers not_found and opens nothing; the stand-in for jupyterlab-ai-commands, like the
    // real one, leaves "File Load Error" open.
    expect((await call('read_notebook', { notebookPath: 'missing.ipynb' })).result).toMatchObject({ success: false, code: 'not_found' });
    expect((await ok('get_context')).dialogs).toEqual([]);
    const { result } = await call('execute_command', {
      commandId: 'jupyterlab-ai-commands:get-notebook-content',
      args: { notebookPath: 'missing.ipynb', createWidget: false }
    });
    expect(result).toMatchObject({ success: false, code: 'command_failed' });
    const dialogs = result.dialogs as { title: string; dialogId: string }[];
    expect(dialogs.map((d) => d.title)).toEqual([expect.stringContaining('File Load Error')]);
    await ok('answer_dialog', { button: 0, dialogId: dialogs[0]!.dialogId });
    expect((await ok('get_context')).dialogs).toEqual([]);
  });
});
