/**
 * What a page served from another host needs of the browser: its address, the
 * Permissions API (browser-block.ts), and its address bar, history and storage
 * for a pairing link (link-pairing.ts). The thin adapter between them and the
 * window.
 */
import type { RemoteReach } from './connections.js';
import { LinkPairing } from './link-pairing.js';

export function remoteReach(window: Window, tell: { alert(message: string): void; inform(message: string): void }): RemoteReach {
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    // A browser that refuses storage to this page: a link pairs it for this load only.
  }
  return {
    pairing: new LinkPairing({ location: window.location, history: window.history, storage }, tell),
    browser: { permissions: window.navigator.permissions, pageHost: window.location.hostname, pageOrigin: window.location.origin }
  };
}
