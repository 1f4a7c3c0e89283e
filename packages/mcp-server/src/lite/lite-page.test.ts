import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageRouter } from '../hub/page-router.js';
import type { PageSession } from '../hub/page-session.js';
import { LitePage, PAGE_WAIT_MS } from './lite-page.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A connected page as the router sees it; `scope` 'lite' for the lite page. */
const page = (pageId: string, scope?: string) =>
  ({
    identity: { pageId, app: { name: 'JupyterLite', version: '0.7.0' }, url: 'http://127.0.0.1:8768/lab/' },
    scope,
    ready: true,
    readyAt: 1,
    focusedAt: 0,
    tools: []
  }) as unknown as PageSession;

/** Whether `promise` has settled after the pending callbacks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('LitePage', () => {
  it('is on its way until the lite page connects, then has arrived', async () => {
    vi.useFakeTimers();
    const router = new PageRouter();
    const lite = new LitePage('headless', router, 'lite');
    expect(lite.state).toEqual({ phase: 'opening' });
    const arrival = lite.arrival(new AbortController().signal);
    expect(await settled(arrival)).toBe(false);
    router.update(page('p1', 'lite'));
    expect(await settled(arrival)).toBe(true);
    expect(lite.state).toEqual({ phase: 'arrived' });
    // Gone again: calls do not wait for it a second time.
    router.remove(router.pages()[0]!);
    expect(await settled(lite.arrival(new AbortController().signal))).toBe(true);
  });

  it("stops waiting for any page that connects, but only the lite page's arrival counts as its own", async () => {
    vi.useFakeTimers();
    const router = new PageRouter();
    const lite = new LitePage('open', router, 'lite');
    const arrival = lite.arrival(new AbortController().signal);
    router.update(page('person-page'));
    expect(await settled(arrival)).toBe(true);
    expect(lite.state).toEqual({ phase: 'opening' });
  });

  it('stops waiting when its browser fails, with why', async () => {
    vi.useFakeTimers();
    const lite = new LitePage('open', new PageRouter(), 'lite');
    const arrival = lite.arrival(new AbortController().signal);
    lite.fail('could not be opened in a browser: xdg-open exited with code 3');
    expect(await settled(arrival)).toBe(true);
    expect(lite.state).toEqual({ phase: 'failed', why: 'could not be opened in a browser: xdg-open exited with code 3' });
  });

  it('waits at most its time, after which the page counts as not coming and calls no longer wait', async () => {
    vi.useFakeTimers();
    const lite = new LitePage('headless', new PageRouter(), 'lite');
    const first = lite.arrival(new AbortController().signal);
    const second = lite.arrival(new AbortController().signal);
    await vi.advanceTimersByTimeAsync(PAGE_WAIT_MS - 1);
    expect(await settled(first)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(Promise.all([first, second]))).toBe(true);
    expect(lite.state).toEqual({ phase: 'failed', why: `has not connected within ${PAGE_WAIT_MS / 1000} s` });
    expect(await settled(lite.arrival(new AbortController().signal))).toBe(true);
  });

  it('stops waiting for a cancelled call, and never waits for a page the person opens by hand', async () => {
    vi.useFakeTimers();
    const cancel = new AbortController();
    const arrival = new LitePage('headless', new PageRouter(), 'lite').arrival(cancel.signal);
    cancel.abort();
    expect(await settled(arrival)).toBe(true);
    const byHand = new LitePage('none', new PageRouter(), 'lite');
    expect(byHand.state).toEqual({ phase: 'by-hand' });
    expect(await settled(byHand.arrival(new AbortController().signal))).toBe(true);
  });
});
