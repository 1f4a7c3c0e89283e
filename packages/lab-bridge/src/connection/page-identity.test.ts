import { describe, expect, it } from 'vitest';
import { claimTabStorage, pageId } from './page-identity.js';

/** A tab's sessionStorage and its page events, as the browser gives them. */
function tab(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  const storage = {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    key: (index: number) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    }
  };
  const listeners = new Map<string, (event: Event) => void>();
  const events = { addEventListener: (type: string, listener: (event: Event) => void) => void listeners.set(type, listener) };
  return {
    storage,
    events,
    /** What a new tab opened from this one starts with. */
    copy: () => tab(Object.fromEntries(map)),
    unload: () => listeners.get('pagehide')?.({} as Event)
  };
}

describe('the page id of a browser tab', () => {
  it('is kept across a reload', () => {
    const first = tab();
    const id = pageId(claimTabStorage(first.storage, first.events));
    first.unload();
    expect(pageId(claimTabStorage(first.storage, first.events))).toBe(id);
  });

  it('is new in a tab opened from a loaded one, which also gets none of its pending calls', () => {
    const opener = tab({ 'jupyter-live-mcp:pending': '{"next":3,"entries":[]}', 'other-app:key': 'kept' });
    const id = pageId(claimTabStorage(opener.storage, opener.events));
    const opened = opener.copy();
    const storage = claimTabStorage(opened.storage, opened.events)!;
    expect(pageId(storage)).not.toBe(id);
    expect(storage.getItem('jupyter-live-mcp:pending')).toBeNull();
    expect(storage.getItem('other-app:key')).toBe('kept');
    expect(pageId(opener.storage)).toBe(id);
  });
});
