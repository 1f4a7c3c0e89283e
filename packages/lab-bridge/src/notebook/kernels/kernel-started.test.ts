import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kernelStarted } from './kernel-started.js';

/** Whether `promise` settled once `ms` of fake time passed. */
async function settledAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(ms);
  return done;
}

describe('kernelStarted', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits until the kernel answers kernel_info, then resolves', async () => {
    let answer: (value: unknown) => void = () => {};
    const info = new Promise((resolve) => (answer = resolve));
    const started = kernelStarted({ info } as never, 1000);
    expect(await settledAfter(started, 500)).toBe(false);
    answer({ status: 'ok' });
    expect(await settledAfter(started, 0)).toBe(true);
  });

  it('gives up after the time given, for a kernel that never answers', async () => {
    const started = kernelStarted({ info: new Promise(() => {}) } as never, 1000);
    expect(await settledAfter(started, 999)).toBe(false);
    expect(await settledAfter(started, 1)).toBe(true);
  });

  it('resolves, not rejects, when the kernel answers with an error', async () => {
    const started = kernelStarted({ info: Promise.reject(new Error('Kernel info reply errored')) } as never, 1000);
    expect(await settledAfter(started, 0)).toBe(true);
  });
});
