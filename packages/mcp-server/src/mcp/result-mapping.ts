/**
 * A result-protocol object as an MCP tool result (SPEC §7): one text block with
 * the compact JSON, the same object as `structuredContent`, and `isError` when the
 * call failed.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolResult } from '@jupyter-live-mcp/protocol';

export function toCallToolResult(result: ToolResult): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(result) }],
    structuredContent: result,
    isError: result.success === false
  };
}
