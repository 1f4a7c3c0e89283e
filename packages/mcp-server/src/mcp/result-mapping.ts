/**
 * A result-protocol object as an MCP tool result (SPEC §7): one text block with
 * the compact JSON, then the pictures taken out of it as image blocks, the same
 * object as `structuredContent`, and `isError` when the call failed. The whole
 * answer is kept within the message budget (message-budget.ts).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AttachedImage, ToolResult } from '@jupyter-live-mcp/protocol';
import { fitMessageBudget, type Fitted } from './message-budget.js';

/** Images follow the text in the order the JSON names them ("[image 1: …]"). */
export function toCallToolResult(result: ToolResult, images: readonly AttachedImage[] = []): CallToolResult {
  return encode(fitMessageBudget(result, images, encode));
}

function encode({ result, images }: Fitted): CallToolResult {
  return {
    content: [
      { type: 'text', text: JSON.stringify(result) },
      ...images.map((image) => ({ type: 'image' as const, data: image.data, mimeType: image.mimeType }))
    ],
    structuredContent: result,
    isError: result.success === false
  };
}
