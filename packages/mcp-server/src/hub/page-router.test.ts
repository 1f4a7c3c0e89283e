import { describe, expect, it } from 'vitest';
import { pageIdOf } from './page-id.js';
import { PageRouter } from './page-router.js';
import type { PageSession } from './page-session.js';

/** The parts of a session the router reads; `scope`: proved a token of its own (lite's), not the pairing token. */
function page(pageId: string, readyAt: number, focusedAt = 0, scope?: string): PageSession & { closedWith?: number; closedWhy?: string } {
  const session = {
    identity: { pageId, app: { name: 'JupyterLab', version: '4.6.4' }, url: 'u' },
    scope,
    ready: true,
    readyAt,
    focusedAt,
    tools: [],
    close(code: number, why: string) {
      session.closedWith = code;
      session.closedWhy = why;
    }
  } as unknown as PageSession & { closedWith?: number; closedWhy?: string };
  return session;
}

/** A page with these tools in its catalogue, its handshake done or not. */
function withTools(pageId: string, tools: string[], ready = true): PageSession {
  return Object.assign(page(pageId, 1), { ready, tools: tools.map((name) => ({ name })) }) as unknown as PageSession;
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

  it('lists one page per id: a newer socket of the same token replaces the older, which is closed saying why', () => {
    const router = new PageRouter();
    const old = page('a', 1);
    const fresh = page('a', 2);
    router.update(old);
    router.update(old);
    expect(old.closedWith).toBeUndefined();
    router.update(fresh);
    router.update(page('b', 3));
    expect(router.pages()).toEqual([fresh, expect.objectContaining({ readyAt: 3 })]);
    expect(old.closedWith).toBe(4410);
    expect(old.closedWhy).toBe('another connection proved the token as this page (same page id) and replaced this one');
    expect(fresh.closedWith).toBeUndefined();
  });

  it("names another token's pages apart, and never replaces a page of one token with one of another", () => {
    const router = new PageRouter();
    const own = page('a', 1);
    const lite = page('a', 2, 0, 'lite');
    router.update(own);
    router.update(lite);
    expect(router.pages().map(pageIdOf)).toEqual(['a', 'lite:a']);
    expect(own.closedWith).toBeUndefined();
    expect(router.current('a')).toBe(own);
    expect(router.current('lite:a')).toBe(lite);
    expect(router.isConnected('lite:a')).toBe(true);
  });

  it("counts focus and recency only among the pairing token's pages while one is connected", () => {
    const router = new PageRouter();
    const own = page('a', 1);
    const lite = page('b', 2, 99, 'lite');
    router.update(own);
    router.update(lite);
    expect(router.current()).toBe(own);
    router.remove(own);
    expect(router.current()).toBe(lite);
  });

  it('prefers the pairing token’s page when one of its ids looks like a scoped one', () => {
    const router = new PageRouter();
    const lite = page('x', 1, 0, 'lite');
    const own = page('lite:x', 2);
    router.update(lite);
    router.update(own);
    expect(router.current('lite:x')).toBe(own);
  });

  it('routes to the page that connected last by its time, not by the order it was added in', () => {
    const router = new PageRouter();
    const later = page('a', 2);
    router.update(later);
    router.update(page('b', 1));
    expect(router.current()).toBe(later);
  });

  it('lists only pages whose handshake is done and that named themselves, and counts every socket', () => {
    const router = new PageRouter();
    const waiting = Object.assign(page('a', 1), { ready: false });
    const nameless = Object.assign(page('b', 2), { identity: undefined });
    router.update(waiting);
    router.update(nameless);
    expect(router.pages()).toEqual([]);
    expect(router.current()).toBeUndefined();
    expect(router.isConnected('a')).toBe(false);
    expect(router.pageCount).toBe(2);
    const c = page('c', 4);
    router.update(c);
    expect(router.pages()).toEqual([c]);
    expect(nameless.closedWith).toBeUndefined();
    expect(router.pageCount).toBe(3);
    router.remove(c);
    expect(router.pageCount).toBe(2);
  });

  it('remembers the tools of the page that left last, once its handshake was done', () => {
    const router = new PageRouter();
    expect(router.listedByPageThatLeft('read_notebook')).toBe(false);
    const a = withTools('a', ['read_notebook', 'run_cells']);
    router.update(a);
    expect(router.listedByPageThatLeft('read_notebook')).toBe(false);
    router.remove(a);
    expect(router.listedByPageThatLeft('read_notebook')).toBe(true);
    expect(router.listedByPageThatLeft('run_cells')).toBe(true);
    expect(router.listedByPageThatLeft('edit_cells')).toBe(false);
    // A socket that left before its handshake was done says nothing of the tools.
    const early = withTools('b', ['edit_cells'], false);
    router.update(early);
    router.remove(early);
    expect(router.listedByPageThatLeft('read_notebook')).toBe(true);
    expect(router.listedByPageThatLeft('edit_cells')).toBe(false);
    const other = withTools('c', ['edit_cells']);
    router.update(other);
    router.remove(other);
    expect(router.listedByPageThatLeft('read_notebook')).toBe(false);
    expect(router.listedByPageThatLeft('edit_cells')).toBe(true);
  });

  it('stops telling a listener once it unsubscribed', () => {
    const router = new PageRouter();
    let changes = 0;
    const unsubscribe = router.onChange(() => changes++);
    router.update(page('a', 1));
    unsubscribe();
    router.update(page('b', 2));
    expect(changes).toBe(1);
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
