import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { within } from './within.js';

describe('within', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the value of a promise that settles in time, and leaves no timer behind', async () => {
    const answer = within(Promise.resolve('idle'), 1000);
    await expect(answer).resolves.toBe('idle');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answers undefined once the time is up, for a promise still running', async () => {
    let settled = false;
    const answer = within(new Promise<string>(() => {}), 1000).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toBeUndefined();
  });

  it('passes a rejection through and clears its timer', async () => {
    await expect(within(Promise.reject(new Error('gone')), 1000)).rejects.toThrow('gone');
    expect(vi.getTimerCount()).toBe(0);
  });
});
