/**
 * A result-protocol object as an MCP tool result (SPEC §7, protocol's
 * tool-result-content.ts), kept within the message budget (message-budget.ts).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toolResultContent, type AttachedImage, type ToolResult } from '@jupyter-live-mcp/protocol';
import { fitMessageBudget, type Fitted } from './message-budget.js';

export function toCallToolResult(result: ToolResult, images: readonly AttachedImage[] = []): CallToolResult {
  return encode(fitMessageBudget(result, images, encode));
}

const encode = ({ result, images }: Fitted): CallToolResult => toolResultContent(result, images);
