import { describe, expect, it } from 'vitest';
import { recentRefresh } from './recent-refresh.js';

describe('recentRefresh', () => {
  it('refreshes once for callers within the fresh window, shares one in flight, and again after it', async () => {
    let clock = 0;
    let calls = 0;
    const refresh = recentRefresh(
      async () => void calls++,
      1000,
      () => clock
    );
    await Promise.all([refresh(), refresh()]);
    expect(calls).toBe(1);
    clock = 999;
    expect(refresh()).toBeUndefined();
    expect(calls).toBe(1);
    await refresh(true);
    expect(calls).toBe(2);
    // Fresh for freshMs after it finished (at 999), to the millisecond.
    clock = 1998;
    await refresh();
    expect(calls).toBe(2);
    clock = 1999;
    await refresh();
    expect(calls).toBe(3);
  });

  it("keeps time by the page's clock when given none", async () => {
    let calls = 0;
    const refresh = recentRefresh(async () => void calls++, 60_000);
    await refresh();
    await refresh();
    expect(calls).toBe(1);
  });

  it('counts a failed refresh as done, so a server that is down does not slow every call', async () => {
    let clock = 0;
    let calls = 0;
    const refresh = recentRefresh(
      async () => {
        calls++;
        throw new Error('down');
      },
      1000,
      () => clock
    );
    await expect(refresh()).resolves.toBeUndefined();
    clock = 500;
    await refresh();
    expect(calls).toBe(1);
  });
});
