/**
 * A page tool as an MCP tool (SPEC §7). MCP has no consequential or
 * untrusted-content hint yet, so the raw R/C/U hints also travel in `_meta`.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDescriptor } from '@jupyter-live-mcp/protocol';

/** The `_meta` key that carries the raw hints. */
export const HINTS_META_KEY = 'jupyter-live-mcp/hints';

export function toMcpTool(tool: ToolDescriptor): Tool {
  const { readOnlyHint, consequentialHint, untrustedContentHint } = tool.hints;
  return {
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: {
      ...(tool.title ? { title: tool.title } : {}),
      readOnlyHint,
      // Only consequential writes are destructive: add_cell writes but is not.
      destructiveHint: !readOnlyHint && consequentialHint,
      openWorldHint: untrustedContentHint
    },
    _meta: {
      [HINTS_META_KEY]: {
        ...tool.hints,
        ...(tool.command ? { command: tool.command } : {})
      }
    }
  };
}
