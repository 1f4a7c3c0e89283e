/**
 * A result-protocol object as an MCP tool result (SPEC §7, protocol's
 * tool-result-content.ts) in the form its client reads (result-form.ts), kept
 * within the message budget (message-budget.ts).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toolResultContent, type AttachedImage, type ResultForm, type ToolResult } from '@jupyter-live-mcp/protocol';
import { withResultJson } from '../transport/answer-json.js';
import { MESSAGE_BUDGET_BYTES, fitMessageBudget, type Fitted } from './message-budget.js';

export function toCallToolResult(result: ToolResult, images: readonly AttachedImage[] = [], form: ResultForm = 'both'): CallToolResult {
  const json = JSON.stringify(result);
  // Almost always the result fits as it is, and the JSON measured for the budget is its text block; the answer is
  // measured and written from that JSON (answer-json.ts).
  const encode = (fitted: Fitted): CallToolResult => {
    const fittedJson = fitted.result === result ? json : JSON.stringify(fitted.result);
    return withResultJson(toolResultContent(fitted.result, { images: fitted.images, json: fittedJson, form }), fittedJson);
  };
  return encode(fitMessageBudget(result, images, encode, MESSAGE_BUDGET_BYTES, json));
}
