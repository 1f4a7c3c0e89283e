import type { Kernel } from '@jupyterlab/services';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOST_IOPUB_MS, PROBE_EVERY_MS, watchIopub } from './lost-iopub.js';

/** A connection whose kernel_info probes are kept, to play their IOPub; `sendable: false` refuses to send, as a restarting one does. */
function fakeConnection(sendable = true) {
  const probes: { onIOPub?: () => void; dispose: () => void }[] = [];
  const kernel = {
    connectionStatus: 'connected',
    clientId: 'client',
    username: 'person',
    sendShellMessage: vi.fn(() => {
      if (!sendable) {
        throw new Error('Could not send message: status is not connected');
      }
      const probe = { dispose: vi.fn() };
      probes.push(probe);
      return probe;
    })
  } as unknown as Pick<Kernel.IKernelConnection, 'sendShellMessage' | 'clientId' | 'username' | 'connectionStatus'>;
  return { kernel, probes };
}

/** Whether the watch's `lost` has settled, after letting promises run. */
async function settled(lost: Promise<unknown>): Promise<boolean> {
  let done = false;
  void lost.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('watchIopub', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("calls the run's IOPub lost as soon as a probe sent after its reply is heard first, probing until then", async () => {
    const { kernel, probes } = fakeConnection();
    const future: { onReply: (reply: string) => void } = { onReply: () => {} };
    const watch = watchIopub(kernel, future);
    future.onReply('reply');
    expect(await settled(watch.lost)).toBe(false);
    // A connection that was deaf hears again once reconnected: a later probe tells.
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS * 2);
    expect(probes).toHaveLength(3);
    probes[2]?.onIOPub?.();
    expect(await watch.lost).toBe('reply');
    watch.stop();
    for (const probe of probes) {
      expect(probe.dispose).toHaveBeenCalled();
    }
    expect(vi.getTimerCount()).toBe(0);
  });

  it(`calls it lost after ${LOST_IOPUB_MS} ms of silence, also when no probe could be sent`, async () => {
    for (const sendable of [true, false]) {
      const { kernel } = fakeConnection(sendable);
      const future: { onReply: (reply: string) => void } = { onReply: () => {} };
      const watch = watchIopub(kernel, future);
      future.onReply('reply');
      await vi.advanceTimersByTimeAsync(LOST_IOPUB_MS - 1);
      expect(await settled(watch.lost)).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await watch.lost).toBe('reply');
      watch.stop();
    }
  });

  it('never calls it lost once heard: before the reply (no probe then), or late but ahead of the probe', async () => {
    const early = fakeConnection();
    const onTime: { onReply: (reply: string) => void } = { onReply: () => {} };
    const first = watchIopub(early.kernel, onTime);
    first.heard();
    onTime.onReply('reply');
    expect(early.kernel.sendShellMessage).not.toHaveBeenCalled();

    const late = fakeConnection();
    const slow: { onReply: (reply: string) => void } = { onReply: () => {} };
    const second = watchIopub(late.kernel, slow);
    slow.onReply('reply');
    second.heard();
    late.probes[0]?.onIOPub?.();
    await vi.advanceTimersByTimeAsync(LOST_IOPUB_MS * 2);
    // Heard, the watch stops probing.
    expect(late.probes).toHaveLength(1);
    expect(await settled(first.lost)).toBe(false);
    expect(await settled(second.lost)).toBe(false);
    first.stop();
    second.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
