import type { IOutputAreaModel } from '@jupyterlab/outputarea';
import type { Kernel } from '@jupyterlab/services';
import { Signal } from '@lumino/signaling';
import { describe, expect, it, vi } from 'vitest';
import { connectionLost, watchConnectionLoss } from './connection-loss.js';
import { LOST_OUTPUTS_WARNING, executeOnKernel } from './kernel-execution.js';
import { LOST_IOPUB_MS } from './lost-iopub.js';

/** A kernel connection as executeOnKernel uses it; `done` settles its one request. */
function fakeKernel(connectionStatus: Kernel.ConnectionStatus = 'connecting') {
  let settle!: { resolve(reply: unknown): void; reject(error: Error): void };
  const done = new Promise((resolve, reject) => (settle = { resolve, reject }));
  /** The request as JupyterLab's future has it: the code under test sets its handlers. */
  const future: {
    done: Promise<unknown>;
    onIOPub?: (message: unknown) => void;
    onReply?: (reply: unknown) => void;
    dispose: () => void;
  } = { done, dispose: vi.fn() };
  const kernel = {
    connectionStatus,
    isDisposed: false,
    connectionStatusChanged: new Signal<Kernel.IKernelConnection, Kernel.ConnectionStatus>({} as Kernel.IKernelConnection),
    requestExecute: vi.fn(() => future),
    clientId: 'client',
    username: 'person',
    /** The probe lost-iopub.ts sends: never heard here, so only its timer decides. */
    sendShellMessage: vi.fn(() => ({ dispose: vi.fn() })),
    /** Moves the connection to `status`, as KernelConnection does, signal included. */
    become(status: Kernel.ConnectionStatus) {
      kernel.connectionStatus = status;
      kernel.connectionStatusChanged.emit(status);
    }
  };
  return { kernel, settle, future };
}
const busy = { header: { msg_type: 'status' }, content: { execution_state: 'busy' } };
const noOutputs = { toJSON: () => [] } as unknown as IOutputAreaModel;
const run = (kernel: unknown) =>
  executeOnKernel(kernel as Kernel.IKernelConnection, '6*7', noOutputs, { storeHistory: true, stopOnError: true });

describe('executeOnKernel', () => {
  it('asks the kernel to abort what is queued behind a failure only when told (a notebook cell, not code on its own)', async () => {
    for (const stopOnError of [true, false]) {
      const { kernel, settle } = fakeKernel('connected');
      const running = executeOnKernel(kernel as unknown as Kernel.IKernelConnection, '1', noOutputs, { storeHistory: false, stopOnError });
      settle.resolve({ content: { status: 'ok', execution_count: 1 } });
      await running;
      expect(kernel.requestExecute).toHaveBeenCalledWith(expect.objectContaining({ stop_on_error: stopOnError, store_history: false }));
    }
  });

  it("waits out a connection that is still opening or reopening, and answers the kernel's reply", async () => {
    const { kernel, settle } = fakeKernel();
    const running = run(kernel);
    kernel.become('connected');
    kernel.become('connecting');
    kernel.become('connected');
    settle.resolve({ content: { status: 'ok', execution_count: 3 } });
    expect(await running).toEqual({ status: 'ok', executionCount: 3, outputs: [] });
  });

  it('ends a run whose connection closes for good, where JupyterLab would wait on it forever', async () => {
    const { kernel } = fakeKernel();
    const running = run(kernel);
    kernel.become('disconnected');
    expect(await running).toEqual({
      status: 'aborted',
      outputs: [],
      reason:
        "the page's connection to the kernel closed during the run and does not reopen by itself, so whether the code ran to its end is unknown (reloading the page reconnects)"
    });
  });

  it('sends nothing on a connection already closed for good', async () => {
    const { kernel } = fakeKernel('disconnected');
    expect(await run(kernel)).toMatchObject({ status: 'aborted', reason: expect.stringContaining('so the code was not sent') });
    expect(kernel.requestExecute).not.toHaveBeenCalled();
  });

  it('leaves a disposed connection to its cancelled request: the kernel went away', async () => {
    const { kernel, settle } = fakeKernel('connected');
    const running = run(kernel);
    kernel.isDisposed = true;
    kernel.become('disconnected');
    settle.reject(new Error('Canceled future for execute_request message before replies were done'));
    expect(await running).toMatchObject({ status: 'aborted', reason: expect.stringMatching(/^the kernel stopped answering it/) });
  });
});

describe('executeOnKernel, a run whose IOPub the connection missed', () => {
  const errorReply = {
    content: { status: 'error', execution_count: 4, ename: 'NameError', evalue: "name 'x' is not defined", traceback: [] }
  };

  it('answers the reply with a warning and lets the request go, where JupyterLab would wait for its idle forever', async () => {
    vi.useFakeTimers();
    try {
      const { kernel, future } = fakeKernel('connected');
      const running = run(kernel);
      future.onReply?.(errorReply);
      await vi.advanceTimersByTimeAsync(LOST_IOPUB_MS);
      expect(await running).toMatchObject({
        status: 'error',
        ename: 'NameError',
        executionCount: 4,
        warning: LOST_OUTPUTS_WARNING
      });
      // Late IOPub must find no handler writing into outputs already answered.
      expect(future.dispose).toHaveBeenCalled();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for the end as usual when the IOPub was heard', async () => {
    const { kernel, settle, future } = fakeKernel('connected');
    const running = run(kernel);
    future.onIOPub?.(busy);
    future.onReply?.(errorReply);
    settle.resolve(errorReply);
    const outcome = await running;
    expect(outcome).toMatchObject({ status: 'error', ename: 'NameError' });
    expect(outcome).not.toHaveProperty('warning');
    expect(future.dispose).not.toHaveBeenCalled();
  });
});

describe('watchConnectionLoss', () => {
  it('resolves at once for a connection closed already, and stops listening when told', async () => {
    const { kernel } = fakeKernel('disconnected');
    await watchConnectionLoss(kernel).lost;
    kernel.become('connecting');
    const watch = watchConnectionLoss(kernel);
    watch.stop();
    const lost = vi.fn();
    void watch.lost.then(lost);
    kernel.become('disconnected');
    await Promise.resolve();
    expect(lost).not.toHaveBeenCalled();
  });

  it('tells every run still watching a connection that it closed for good, and only those', async () => {
    const { kernel } = fakeKernel('connected');
    const [first, second, stopped] = [watchConnectionLoss(kernel), watchConnectionLoss(kernel), watchConnectionLoss(kernel)];
    stopped.stop();
    const heard = vi.fn();
    void stopped.lost.then(heard);
    kernel.become('connecting');
    kernel.become('disconnected');
    await Promise.all([first.lost, second.lost]);
    // A run started after the close learns it at once.
    await watchConnectionLoss(kernel).lost;
    expect(heard).not.toHaveBeenCalled();
  });

  it('counts only a connection closed for good, not one opening, open or disposed', () => {
    expect(connectionLost({ connectionStatus: 'disconnected', isDisposed: false })).toBe(true);
    expect(connectionLost({ connectionStatus: 'connecting', isDisposed: false })).toBe(false);
    expect(connectionLost({ connectionStatus: 'connected', isDisposed: false })).toBe(false);
    expect(connectionLost({ connectionStatus: 'disconnected', isDisposed: true })).toBe(false);
  });
});
