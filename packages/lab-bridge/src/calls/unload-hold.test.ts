import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdWhileUnloading } from './unload-hold.js';

/** Settles within the fake timers' `ms`, or says it is still pending. */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | 'pending'> {
  let outcome: T | 'pending' = 'pending';
  void promise.then((value) => (outcome = value));
  await vi.advanceTimersByTimeAsync(ms);
  return outcome;
}

describe('holdWhileUnloading', () => {
  let page: EventTarget;
  beforeEach(() => {
    vi.useFakeTimers();
    page = new EventTarget();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const hold = () => holdWhileUnloading(page, 2000, () => Date.now());

  it('passes an answer on at once while the page stays', async () => {
    expect(await settledWithin(hold()('answer'), 0)).toBe('answer');
  });

  it('never sends an answer that was ready as the page unloaded', async () => {
    const answers = hold();
    page.dispatchEvent(new Event('beforeunload'));
    const held = answers('cut off');
    page.dispatchEvent(new Event('pagehide'));
    expect(await settledWithin(held, 10_000)).toBe('pending');
    expect(await settledWithin(answers('after it went'), 10_000)).toBe('pending');
  });

  it('sends a held answer once the page stayed (its unload was cancelled), and later ones at once', async () => {
    const answers = hold();
    page.dispatchEvent(new Event('beforeunload'));
    const held = answers('held');
    expect(await settledWithin(held, 1000)).toBe('pending');
    expect(await settledWithin(held, 1000)).toBe('held');
    expect(await settledWithin(answers('later'), 0)).toBe('later');
  });

  it('answers again in a page restored from the back-forward cache', async () => {
    const answers = hold();
    page.dispatchEvent(new Event('beforeunload'));
    page.dispatchEvent(new Event('pagehide'));
    page.dispatchEvent(new Event('pageshow'));
    expect(await settledWithin(answers('restored'), 0)).toBe('restored');
  });
});
