/**
 * A result-protocol object as MCP's tool-result shape (SPEC §7): one text block
 * with the compact JSON, then the pictures taken out of it as image blocks in
 * the order the JSON names them ("[image 1: …]"), the same object as
 * `structuredContent`, and `isError` when the call failed. The MCP server
 * answers tools/call with it and the bridge answers WebMCP calls with it. Pure.
 *
 * `form` 'structured' leaves the text block out, for a client that reads
 * `structuredContent` alone whenever it is there (the server's result-form.ts
 * says which): the text would be the same JSON again, unread.
 */
import type { ToolResult } from './result-schema.js';
import type { AttachedImage } from './page-messages.js';

// A type, not an interface, so that it is assignable to the MCP SDK's CallToolResult (index signature).
/** Both forms (SPEC §7), or `structuredContent` and the pictures without the text block. */
export type ResultForm = 'both' | 'structured';

export type ToolResultContent = {
  content: ({ type: 'text'; text: string } | { type: 'image'; data: string; mimeType: AttachedImage['mimeType'] })[];
  structuredContent: ToolResult;
  isError: boolean;
};

export interface ResultContentOptions {
  /** The pictures taken out of the result, as image blocks after the text. */
  images?: readonly AttachedImage[];
  /** The result's JSON when the caller has it already (the server measured it for the message budget). */
  json?: string;
  form?: ResultForm;
}

export function toolResultContent(result: ToolResult, { images = [], json, form = 'both' }: ResultContentOptions = {}): ToolResultContent {
  const pictures = imageBlocks(images);
  return {
    content: form === 'both' ? [{ type: 'text', text: json ?? JSON.stringify(result) }, ...pictures] : pictures,
    structuredContent: result,
    isError: result.success === false
  };
}

/** The pictures taken out of a result, as MCP image blocks. */
export function imageBlocks(images: readonly AttachedImage[]): { type: 'image'; data: string; mimeType: AttachedImage['mimeType'] }[] {
  return images.map((image) => ({ type: 'image' as const, data: image.data, mimeType: image.mimeType }));
}
