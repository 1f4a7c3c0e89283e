/**
 * Who this page is, for the server. The page id lives in sessionStorage, which
 * is per browser tab and survives reloads, so a reconnecting tab keeps its id.
 */
import type { PageIdentity } from '@jupyter-live-mcp/protocol';

const PAGE_ID_KEY = 'jupyter-live-mcp:page-id';

export function pageId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = tabStorage()): string {
  const stored = storage?.getItem(PAGE_ID_KEY);
  if (stored) {
    return stored;
  }
  const id = `page-${randomHex(8)}`;
  storage?.setItem(PAGE_ID_KEY, id);
  return id;
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
