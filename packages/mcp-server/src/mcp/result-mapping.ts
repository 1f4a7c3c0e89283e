/**
 * A result-protocol object as an MCP tool result (SPEC §7, protocol's
 * tool-result-content.ts) in the form its client reads (result-form.ts), kept
 * within the message budget (message-budget.ts).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toolResultContent, type AttachedImage, type ResultForm, type ToolResult } from '@jupyter-live-mcp/protocol';
import { MESSAGE_BUDGET_BYTES, fitMessageBudget, type Fitted } from './message-budget.js';

export function toCallToolResult(result: ToolResult, images: readonly AttachedImage[] = [], form: ResultForm = 'both'): CallToolResult {
  const json = JSON.stringify(result);
  const encode = ({ result, images }: Fitted): CallToolResult => toolResultContent(result, images, undefined, form);
  const fitted = fitMessageBudget(result, images, encode, MESSAGE_BUDGET_BYTES, json);
  // Almost always the result fits as it is, and the JSON measured for the budget is its text block.
  return fitted.result === result ? toolResultContent(result, fitted.images, json, form) : encode(fitted);
}
