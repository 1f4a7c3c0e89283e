/**
 * A result-protocol object as MCP's tool-result shape (SPEC §7): one text block
 * with the compact JSON, then the pictures taken out of it as image blocks in
 * the order the JSON names them ("[image 1: …]"), the same object as
 * `structuredContent`, and `isError` when the call failed. The MCP server
 * answers tools/call with it and the bridge answers WebMCP calls with it. Pure.
 */
import type { ToolResult } from './result-protocol.js';
import type { AttachedImage } from './wire.js';

// A type, not an interface, so that it is assignable to the MCP SDK's CallToolResult (index signature).
export type ToolResultContent = {
  content: ({ type: 'text'; text: string } | { type: 'image'; data: string; mimeType: AttachedImage['mimeType'] })[];
  structuredContent: ToolResult;
  isError: boolean;
};

/** `json`: the result's JSON when the caller has it already (the server measured it for the message budget). */
export function toolResultContent(
  result: ToolResult,
  images: readonly AttachedImage[] = [],
  json = JSON.stringify(result)
): ToolResultContent {
  return {
    content: [
      { type: 'text', text: json },
      ...images.map((image) => ({ type: 'image' as const, data: image.data, mimeType: image.mimeType }))
    ],
    structuredContent: result,
    isError: result.success === false
  };
}
