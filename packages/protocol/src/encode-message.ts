/**
 * A message of either side as its JSON text frame (wire.ts). A module of its
 * own: it names the page's messages' type, and wire.ts, which page-messages.ts
 * imports, cannot.
 */
import type { PageCallAnswer, PageMessage } from './page-messages.js';
import type { ServerMessage } from './wire.js';

export function encodeMessage(message: PageMessage | ServerMessage): string {
  return JSON.stringify(message);
}

/**
 * A result message, as encodeMessage writes it, around the result's JSON text
 * as the page has it (PageCallAnswer): a big read's answer is not written again.
 */
export function encodeResultMessage(callId: string, { resultJson, images }: PageCallAnswer): string {
  const pictures = images.length ? `,"images":${JSON.stringify(images)}` : '';
  return `{"type":"result","callId":${JSON.stringify(callId)},"result":${resultJson}${pictures}}`;
}
