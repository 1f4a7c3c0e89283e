import { describe, expect, it } from 'vitest';
import { succeed, type ToolResult } from '@jupyter-live-mcp/protocol';
import type { DialogInfo, DialogWatch } from './dialogs.js';
import { KEEP_RESULTS_MS, PendingCalls, readStoredCalls } from './pending-calls.js';
import type { CallContext } from './call-context.js';

const dialog: DialogInfo = {
  dialogId: 'dialog-1',
  title: 'Rename File',
  body: 'File Path',
  buttons: [
    { index: 0, label: 'Cancel', accept: false },
    { index: 1, label: 'Rename', accept: true }
  ]
};

/** A DialogWatch driven by the test. */
function fakeWatch() {
  let open: () => void = () => {};
  let still: DialogInfo[] = [];
  const watch: DialogWatch = {
    opened: new Promise<void>((resolve) => (open = resolve)),
    stillOpen: async () => still,
    dispose: () => {}
  };
  return {
    watch,
    openDialog: () => {
      still = [dialog];
      open();
    },
    closeDialog: () => {
      still = [];
    }
  };
}

function deferred() {
  let resolve: (result: ToolResult) => void = () => {};
  const promise = new Promise<ToolResult>((r) => (resolve = r));
  return { promise, resolve };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A read_file call that opens a dialog as it ends and leaves it open. */
function leavesDialogOpen(pending: PendingCalls, asFinished: (result: ToolResult) => ToolResult): Promise<ToolResult> {
  const { watch, openDialog } = fakeWatch();
  return pending.run(
    'read_file',
    undefined,
    watch,
    async () => {
      openDialog();
      return succeed();
    },
    asFinished
  );
}

/** The result as it was when the call finished, where the test's results are plain already. */
const same = (result: ToolResult) => result;

describe('PendingCalls', () => {
  const make = (options: { now?: () => number; dialogs?: DialogInfo[]; slowMs?: number } = {}) =>
    new PendingCalls({
      pendingAfterMs: () => options.slowMs ?? 50,
      openDialogs: () => options.dialogs ?? [],
      ...(options.now ? { now: options.now } : {})
    });

  it('answers with the result of a call that finishes in time', async () => {
    const pending = make();
    expect(await pending.run('get_context', undefined, fakeWatch().watch, async () => succeed({ a: 1 }), same)).toEqual({
      success: true,
      a: 1
    });
    expect(pending.running()).toEqual([]);
  });

  it('answers pending for a slow call, lists it, and wait_for_result returns its own result', async () => {
    const pending = make();
    const call = deferred();
    const first = await pending.run('run_cell', 'jupyterlab-ai-commands:run-cell', fakeWatch().watch, () => call.promise, same);
    expect(first).toMatchObject({
      success: true,
      pending: true,
      pendingId: 'pending-1',
      tool: 'run_cell',
      command: 'jupyterlab-ai-commands:run-cell',
      message: expect.stringMatching(/still running after [\d.]+ s .*call wait_for_result with pendingId "pending-1"/)
    });
    expect(pending.running()).toEqual([
      { pendingId: 'pending-1', tool: 'run_cell', command: 'jupyterlab-ai-commands:run-cell', seconds: expect.any(Number) }
    ]);

    expect(await pending.wait('pending-1', 0.02)).toMatchObject({ pending: true, pendingId: 'pending-1' });
    setTimeout(() => call.resolve(succeed({ status: 'ok' })), 20);
    expect(await pending.wait('pending-1', 5)).toEqual({ success: true, status: 'ok' });
    expect(pending.running()).toEqual([]);
    // Still there for a second collection.
    expect(await pending.wait('pending-1', 0)).toEqual({ success: true, status: 'ok' });
  });

  it('keeps, and gives the dialogs left open to, the result as it was when the call finished, not the live one', async () => {
    const pending = make();
    const finished: ToolResult[] = [];
    const asFinished = (result: ToolResult) => {
      finished.push(result);
      return { ...result, asFinished: true };
    };
    const call = deferred();
    await pending.run('execute_command', undefined, fakeWatch().watch, () => call.promise, asFinished);
    call.resolve(succeed({ state: 'done' }));
    await pending.wait('pending-1', 5);
    expect(await pending.wait('pending-1', 0)).toEqual({ success: true, state: 'done', asFinished: true });
    const result = await leavesDialogOpen(pending, asFinished);
    expect(result).toEqual({ success: true, asFinished: true, dialogs: [dialog] });
    // A call that finishes in time with no dialog open answers its result as it is.
    const plain = succeed({ a: 1 });
    expect(await pending.run('get_context', undefined, fakeWatch().watch, async () => plain, asFinished)).toBe(plain);
    expect(finished).toHaveLength(2);
  });

  it('says how far a long run has come, as its command tells it, in each pending answer and in the list', async () => {
    const pending = make();
    const call = deferred();
    const context: CallContext = { tool: 'run_cells', markCell: () => () => undefined };
    const first = await pending.run(
      'run_cells',
      undefined,
      fakeWatch().watch,
      () => call.promise,
      same,
      () => context.progress
    );
    expect(first).not.toHaveProperty('progress');
    const progress = { cellsRun: 1, cells: 3, runningCellId: 'c2', runningIndex: 1 };
    context.progress = progress;
    expect(await pending.wait('pending-1', 0)).toMatchObject({
      progress,
      message: expect.stringMatching(
        /^"run_cells" is still running after [\d.]+ s \(cell 2 of 3 is running \("c2", index 1\)\) and goes on/
      )
    });
    expect(pending.running()).toEqual([expect.objectContaining({ pendingId: 'pending-1', progress })]);
    call.resolve(succeed({ status: 'ok' }));
    expect(await pending.wait('pending-1', 5)).toEqual({ success: true, status: 'ok' });
  });

  it('answers pending at once when the call opens a dialog, listing the dialog', async () => {
    const pending = make({ dialogs: [dialog], slowMs: 10_000 });
    const call = deferred();
    const { watch, openDialog } = fakeWatch();
    const started = performance.now();
    const answer = pending.run('execute_command', 'docmanager:rename', watch, () => call.promise, same);
    openDialog();
    expect(await answer).toMatchObject({
      pending: true,
      dialogs: [dialog],
      message: expect.stringMatching(/answer it with answer_dialog/)
    });
    // Well before pendingAfterSeconds (here 50 ms, plus the short grace for calls ending with a dialog).
    expect(performance.now() - started).toBeLessThan(150);
  });

  it('lists a dialog the call left open in its final result', async () => {
    const result = await leavesDialogOpen(make(), same);
    expect(result).toEqual({ success: true, dialogs: [dialog] });
  });

  it('turns a call that rejects into an internal_error result', async () => {
    const result = await make().run('x', undefined, fakeWatch().watch, () => Promise.reject(new Error('boom')), same);
    expect(result).toEqual({ success: false, code: 'internal_error', error: 'x failed unexpectedly: boom' });
  });

  it('answers unknown_pending for an unknown id and forgets results after 10 minutes', async () => {
    let now = 0;
    const pending = make({ now: () => now });
    expect(await pending.wait('pending-9', 0)).toMatchObject({ success: false, code: 'unknown_pending' });
    const call = deferred();
    await pending.run('run_cell', undefined, fakeWatch().watch, () => call.promise, same);
    call.resolve(succeed());
    await sleep(0);
    now += KEEP_RESULTS_MS - 1;
    expect(await pending.wait('pending-1', 0)).toEqual({ success: true });
    now += 2;
    expect(await pending.wait('pending-1', 0)).toMatchObject({ code: 'unknown_pending' });
  });

  it('keeps finished results across a reload of the page, and says a running call was lost', async () => {
    const storage = new Map<string, string>();
    const store = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value)
    };
    const before = new PendingCalls({ pendingAfterMs: () => 10, openDialogs: () => [], store });
    const finishing = deferred();
    const first = await before.run('run_cell', undefined, fakeWatch().watch, () => finishing.promise, same);
    const second = await before.run('execute_code', undefined, fakeWatch().watch, () => deferred().promise, same);
    finishing.resolve(succeed({ status: 'ok' }));
    await sleep(0);

    // The page reloads: a new PendingCalls on the same sessionStorage.
    const after = new PendingCalls({ pendingAfterMs: () => 10, openDialogs: () => [], store });
    expect(await after.wait(first.pendingId as string, 0)).toEqual({ success: true, status: 'ok' });
    expect(await after.wait(second.pendingId as string, 0)).toMatchObject({
      success: false,
      code: 'page_disconnected',
      error: expect.stringContaining('reloaded while "execute_code" was running')
    });
    expect(after.running()).toEqual([]);
    const third = await after.run('run_cell', undefined, fakeWatch().watch, () => deferred().promise, same);
    expect(third.pendingId).toBe('pending-3');
  });
});

describe('readStoredCalls', () => {
  const store = (text: string | null) => ({ getItem: () => text });
  const entry = { pendingId: 'pending-1', tool: 'run_cell', startedAt: 1, finishedAt: 2, result: { success: true, status: 'ok' } };

  it('reads what an earlier load stored, and nothing when nothing is stored', () => {
    const warnings: string[] = [];
    const stored = JSON.stringify({ next: 2, entries: [entry] });
    expect(readStoredCalls(store(stored), (w) => warnings.push(w))).toEqual({ next: 2, entries: [entry] });
    expect(readStoredCalls(store(null), (w) => warnings.push(w))).toEqual({ next: 1, entries: [] });
    expect(readStoredCalls(null, (w) => warnings.push(w))).toEqual({ next: 1, entries: [] });
    expect(warnings).toEqual([]);
  });

  it('skips a malformed entry with a warning and keeps the others', () => {
    const warnings: string[] = [];
    const entries = [{ pendingId: 'pending-2', tool: 7 }, 'junk', entry, { ...entry, pendingId: 'pending-3', result: { success: false } }];
    const text = JSON.stringify({ next: 4, entries });
    expect(readStoredCalls(store(text), (w) => warnings.push(w))).toEqual({ next: 4, entries: [entry] });
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/^skipped pending call 0 kept for this tab: /);
    expect(warnings[1]).toMatch(/^skipped pending call 1 kept for this tab: /);
    expect(warnings[2]).toMatch(/^skipped pending call 3 kept for this tab: /);
  });

  it('forgets a store that is not JSON, of the wrong shape or cannot be read, with a warning', () => {
    const warnings: string[] = [];
    const unreadable = {
      getItem: () => {
        throw new Error('The operation is insecure.');
      }
    };
    for (const given of [store('{not json'), store('{"next": 5}'), store('[1]'), unreadable]) {
      expect(readStoredCalls(given, (w) => warnings.push(w))).toEqual({ next: 1, entries: [] });
    }
    expect(warnings).toEqual([
      expect.stringMatching(/^could not read the pending calls kept for this tab \(.*JSON.*\); they are forgotten$/),
      expect.stringMatching(/^the pending calls kept for this tab have the wrong shape \(entries: .*\); they are forgotten$/),
      expect.stringMatching(/^the pending calls kept for this tab have the wrong shape \(.*\); they are forgotten$/),
      'could not read the pending calls kept for this tab (The operation is insecure.); they are forgotten'
    ]);
  });

  it('never stops PendingCalls from starting: a bad store only loses what it kept', async () => {
    const warnings: string[] = [];
    const broken = { getItem: () => '{"next": 3, "entries": [{"pendingId": 1}]}', setItem: () => {} };
    const pending = new PendingCalls({ pendingAfterMs: () => 10, openDialogs: () => [], store: broken, warn: (w) => warnings.push(w) });
    expect(warnings).toHaveLength(1);
    expect(await pending.wait('pending-1', 0)).toMatchObject({ code: 'unknown_pending' });
    expect((await pending.run('run_cell', undefined, fakeWatch().watch, () => deferred().promise, same)).pendingId).toBe('pending-3');
  });
});
