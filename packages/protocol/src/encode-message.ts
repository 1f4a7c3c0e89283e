/**
 * A message of either side as its JSON text frame (wire.ts). A module of its
 * own: it names the page's messages' type, and wire.ts, which page-messages.ts
 * imports, cannot.
 */
import type { PageMessage } from './page-messages.js';
import type { ServerMessage } from './wire.js';

export function encodeMessage(message: PageMessage | ServerMessage): string {
  return JSON.stringify(message);
}
