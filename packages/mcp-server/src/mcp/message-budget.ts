/**
 * Keeps every tools/call answer within what an MCP client reads in one message.
 * The SDK's stdio client gives up on a message over 10 MiB and ends the whole
 * session, so an answer with too many pictures or too much text would cost the
 * agent every later call. The page already limits pictures and text
 * (maxImageSide, maxResultChars); this is the guarantee behind those settings.
 * Pure.
 */
import { capResult, detachLabels, type AttachedImage, type ToolResult } from '@jupyter-live-mcp/protocol';
import { answerBytes } from '../transport/answer-json.js';

/** The largest answer we send, envelope included: 8 MiB leaves the 10 MiB client limit a margin. */
export const MESSAGE_BUDGET_BYTES = 8 * 1024 * 1024;

/** The JSON-RPC envelope and the image blocks' own fields, generously. */
const ENVELOPE_BYTES = 256;
const IMAGE_BLOCK_BYTES = 64;
/** The answer's fields around the result: the content list, the text block, isError. */
const ANSWER_FIELDS_BYTES = 128;

const DETACHED_WHY = `the pictures of this result do not fit in one MCP message (${MESSAGE_BUDGET_BYTES / 1024 / 1024} MiB); ask for this output alone (e.g. one cell), or lower the bridge's maxImageSide setting`;

export interface Fitted {
  result: ToolResult;
  images: readonly AttachedImage[];
}

/**
 * The result and images as they fit in `budget` bytes once mapped by `encode`:
 * every picture that fits, in order, the others named "not attached" with why;
 * if the text alone does not fit, the text is cut as maxResultChars cuts it.
 */
export function fitMessageBudget(
  result: ToolResult,
  images: readonly AttachedImage[],
  encode: (fitted: Fitted) => unknown,
  budget = MESSAGE_BUDGET_BYTES,
  resultJson = JSON.stringify(result)
): Fitted {
  if (mostMessageBytes(resultJson.length, images) <= budget) {
    return { result, images };
  }
  const bytes = (fitted: Fitted) => answerMessageBytes(encode(fitted));
  if (bytes({ result, images }) <= budget) {
    return { result, images };
  }
  // Labels of detached pictures are longer than attached ones: measuring with
  // every picture detached gives the most the text can need.
  const textOnly = detachLabels(result, 0, DETACHED_WHY) as ToolResult;
  const textBytes = bytes({ result: textOnly, images: [] });
  if (textBytes > budget) {
    return { result: cutToFit(textOnly, (candidate) => bytes({ result: candidate, images: [] }) <= budget), images: [] };
  }
  let room = budget - textBytes;
  let kept = 0;
  for (const image of images) {
    room -= image.data.length + IMAGE_BLOCK_BYTES;
    if (room < 0) {
      break;
    }
    kept++;
  }
  return { result: detachLabels(result, kept, DETACHED_WHY) as ToolResult, images: images.slice(0, kept) };
}

/** The bytes of an answer's message, envelope included (generously). */
export function answerMessageBytes(answer: unknown): number {
  return answerBytes(answer) + ENVELOPE_BYTES;
}

/**
 * The most an answer can take, from the length of the result's JSON instead of
 * building the answer: the result's JSON goes twice (as structured content and
 * escaped in the text block), each time at most 3 UTF-8 bytes a UTF-16 unit
 * (escaping only doubles ASCII quotes and backslashes; control characters are
 * already escaped), and the pictures once. Almost every answer is far below
 * the budget, and this settles it. `resultJsonLength` may be the JSON's
 * UTF-8 bytes instead (a kept result's): never fewer than its UTF-16 units.
 */
export function mostMessageBytes(resultJsonLength: number, images: readonly AttachedImage[]): number {
  const pictures = images.reduce((sum, image) => sum + image.data.length + IMAGE_BLOCK_BYTES, 0);
  return 6 * resultJsonLength + pictures + ANSWER_FIELDS_BYTES + ENVELOPE_BYTES;
}

/**
 * Cuts with capResult at ever smaller sizes until the answer fits. The answer
 * holds the result twice, once escaped inside a string, and non-ASCII text
 * takes several bytes a character, so the first guess is a sixth of the budget
 * in characters; halving from there ends in a few steps.
 */
function cutToFit(result: ToolResult, fits: (candidate: ToolResult) => boolean): ToolResult {
  // Stryker disable next-line EqualityOperator: the halvings of 1398101 (a sixth of 8 MiB) skip 1000, so > ends the loop where >= does.
  for (let chars = Math.floor(MESSAGE_BUDGET_BYTES / 6); chars >= 1000; chars = Math.floor(chars / 2)) {
    const cut = capResult(result, chars);
    if (fits(cut)) {
      return cut;
    }
  }
  return capResult(result, 0);
}
