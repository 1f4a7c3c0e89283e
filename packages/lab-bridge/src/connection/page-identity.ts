/**
 * Who this page is, for the server. The page id lives in sessionStorage, which
 * is per browser tab and survives reloads, so a reconnecting tab keeps its id.
 */
import type { PageIdentity } from '@jupyter-live-mcp/protocol';

const KEY_PREFIX = 'jupyter-live-mcp:';
const PAGE_ID_KEY = `${KEY_PREFIX}page-id`;
const LOADED_KEY = `${KEY_PREFIX}loaded`;

type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export function pageId(storage: Pick<Storage, 'getItem' | 'setItem'> | null): string {
  const stored = storage?.getItem(PAGE_ID_KEY);
  if (stored) {
    return stored;
  }
  const id = `page-${randomHex(8)}`;
  storage?.setItem(PAGE_ID_KEY, id);
  return id;
}

/**
 * This tab's sessionStorage, with what the bridge kept there only if this tab
 * kept it. A tab opened from another one (window.open, as Notebook 7 opens each
 * document) starts with a copy of the opener's sessionStorage: with its page id
 * it would connect as the opener. A copy is told apart from a reload by a mark
 * set while the page is loaded and removed as it unloads: only a copy of a
 * loaded tab's storage carries the mark.
 */
export function claimTabStorage<S extends TabStorage>(storage: S | null, events: Pick<EventTarget, 'addEventListener'>): S | null {
  if (!storage) {
    return null;
  }
  try {
    if (storage.getItem(LOADED_KEY)) {
      const copied = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key) => key?.startsWith(KEY_PREFIX));
      for (const key of copied) {
        storage.removeItem(key!);
      }
    }
    storage.setItem(LOADED_KEY, '1');
  } catch {
    // Storage full or refused: the page gets a fresh id below.
  }
  events.addEventListener('pagehide', () => storage.removeItem(LOADED_KEY));
  // Back from the back-forward cache: loaded again without a new load.
  events.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) {
      storage.setItem(LOADED_KEY, '1');
    }
  });
  return storage;
}

export function pageIdentity(id: string, app: { name: string; version: string }): PageIdentity {
  return {
    pageId: id,
    app: { name: app.name, version: app.version },
    // Without the query: Jupyter puts its login token there, and this goes to logs.
    url: window.location.origin + window.location.pathname,
    title: document.title
  };
}

/** crypto.getRandomValues works outside secure contexts too (plain http pages). */
function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** sessionStorage: per browser tab, kept across reloads; null where the browser disables it. */
export function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be disabled by the browser's privacy settings.
    return null;
  }
}
