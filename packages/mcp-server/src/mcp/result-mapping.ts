/**
 * A result-protocol object as an MCP tool result (SPEC §7, protocol's
 * tool-result-content.ts) in the form its client reads (result-form.ts), kept
 * within the message budget (message-budget.ts). A result kept as the page's
 * text (raw-result.ts) is answered from that text.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { imageBlocks, toolResultContent, type AttachedImage, type ResultForm, type ToolResult } from '@jupyter-live-mcp/protocol';
import { isRawResult, parsedResult, type PageResult } from '../hub/raw-result.js';
import { withResultJson } from '../transport/answer-json.js';
import { MESSAGE_BUDGET_BYTES, answerMessageBytes, fitMessageBudget, mostMessageBytes, type Fitted } from './message-budget.js';

export function toCallToolResult(result: PageResult, images: readonly AttachedImage[] = [], form: ResultForm = 'both'): CallToolResult {
  if (isRawResult(result)) {
    const answer = keptResultAnswer(result.json, images, form);
    // Almost always settled by its size alone; else measured, and over the budget parsed and fitted as any result is:
    // pictures left out, or its text cut.
    const fits = mostMessageBytes(result.json.length, images) <= MESSAGE_BUDGET_BYTES || answerMessageBytes(answer) <= MESSAGE_BUDGET_BYTES;
    return fits ? answer : toCallToolResult(parsedResult(result), images, form);
  }
  const json = JSON.stringify(result);
  // Almost always the result fits as it is, and the JSON measured for the budget is its text block; the answer is
  // measured and written from that JSON (answer-json.ts).
  const encode = (fitted: Fitted): CallToolResult => {
    const fittedJson = fitted.result === result ? json : JSON.stringify(fitted.result);
    return withResultJson(toolResultContent(fitted.result, { images: fitted.images, json: fittedJson, form }), fittedJson);
  };
  return encode(fitMessageBudget(result, images, encode, MESSAGE_BUDGET_BYTES, json));
}

/**
 * The answer of a successful result kept as the page's JSON text: toolResultContent's shape, written from
 * that text (answer-json.ts); its text and structuredContent made from it only if something reads them
 * (an --http answer, a joined server's).
 */
function keptResultAnswer(json: Buffer, images: readonly AttachedImage[], form: ResultForm): CallToolResult {
  let text: string | undefined;
  let parsed: ToolResult | undefined;
  const textBlock = {
    type: 'text' as const,
    get text() {
      text ??= json.toString('utf8');
      return text;
    }
  };
  const pictures = imageBlocks(images);
  return withResultJson(
    {
      content: form === 'both' ? [textBlock, ...pictures] : pictures,
      get structuredContent() {
        parsed ??= JSON.parse(json.toString('utf8')) as ToolResult;
        return parsed;
      },
      isError: false
    },
    json
  );
}
