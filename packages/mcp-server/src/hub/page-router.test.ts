import { describe, expect, it } from 'vitest';
import { PageRouter } from './page-router.js';
import type { PageSession } from './page-session.js';

/** The parts of a session the router reads. */
function page(pageId: string, readyAt: number, focusedAt = 0): PageSession {
  return {
    identity: { pageId, app: { name: 'JupyterLab', version: '4.6.4' }, url: 'u' },
    ready: true,
    readyAt,
    focusedAt
  } as unknown as PageSession;
}

describe('PageRouter', () => {
  it('routes to the most recently connected page when none was focused', () => {
    const router = new PageRouter();
    router.update(page('a', 1));
    router.update(page('b', 2));
    expect(router.current()?.identity?.pageId).toBe('b');
  });

  it('prefers the most recently focused page', () => {
    const router = new PageRouter();
    const a = page('a', 1, 10);
    router.update(a);
    router.update(page('b', 2, 5));
    expect(router.current()).toBe(a);
  });

  it('prefers the selected page while it is connected, and again after it reconnects', () => {
    const router = new PageRouter();
    const a = page('a', 1);
    router.update(a);
    router.update(page('b', 2, 50));
    expect(router.current('a')).toBe(a);
    expect(router.current()?.identity?.pageId).toBe('b');
    router.remove(a);
    expect(router.current('a')?.identity?.pageId).toBe('b');
    const aAgain = page('a', 3);
    router.update(aAgain);
    expect(router.current('a')).toBe(aAgain);
  });

  it('knows which page ids are connected', () => {
    const router = new PageRouter();
    router.update(page('a', 1));
    expect(router.isConnected('a')).toBe(true);
    expect(router.isConnected('zzz')).toBe(false);
  });

  it('lists one page per id: the newest socket speaks for the tab', () => {
    const router = new PageRouter();
    const old = page('a', 1);
    const fresh = page('a', 2);
    router.update(old);
    router.update(fresh);
    router.update(page('b', 3));
    expect(router.pages()).toEqual([fresh, expect.objectContaining({ readyAt: 3 })]);
  });

  it('tells listeners of every change', () => {
    const router = new PageRouter();
    let changes = 0;
    router.onChange(() => changes++);
    const a = page('a', 1);
    router.update(a);
    router.update(a);
    router.remove(a);
    router.remove(a);
    expect(changes).toBe(3);
  });
});
