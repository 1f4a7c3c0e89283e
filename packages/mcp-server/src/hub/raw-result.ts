/**
 * A result kept as the JSON text the page sent, checked but never parsed.
 * A server that parses a page's result holds its frame, the frame's text and
 * the parsed values at once, and then writes the answer from them: about four
 * times the answer's size (BENCHMARKS.md). Kept as bytes, a successful
 * result goes out as it came in (the answer's structuredContent is those
 * bytes; its text block, those bytes quoted), and the frame is all it holds.
 *
 * Only a result frame in JSON.stringify's compact form is taken so
 * (json-bytes.ts): valid JSON nested no deeper than any message may be, with
 * no whitespace and so no line break to end a stdio message early; a
 * successful result (`"success":true`, and every field the result schema
 * names is checked by it); no key twice where the server reads keys. Anything
 * else, including every failure, is parsed and checked as every message is,
 * and answered so. Pure.
 */
import { MAX_NESTING_DEPTH, resultSchema, type CallAnswer, type ToolResult } from '@jupyter-live-mcp/protocol';
import { isUtf8 } from 'node:buffer';
import { objectMembers, type Member } from './json-bytes.js';

/**
 * Frames this big or bigger are tried as raw results; a smaller one costs little to parse. From here the byte
 * check and the answer written from the bytes cost less than parsing and writing the result again, as for a
 * default read of 60 kB (BENCHMARKS.md, "a default read passed on as the page wrote it").
 */
export const RAW_RESULT_FROM_BYTES = 16 * 1024;

const RAW = Symbol('raw result');

/** A successful result as the page's JSON text (UTF-8), and the fields the server reads. */
export interface RawResult {
  readonly [RAW]: true;
  readonly json: Buffer;
  readonly success: true;
}

/** A page's result: parsed, or kept as its text. */
export type PageResult = ToolResult | RawResult;

/** A call's answer from the page (protocol's CallAnswer), its result parsed or kept as its text. */
export type PageAnswer = Omit<CallAnswer, 'result'> & { result: PageResult };

export function isRawResult(result: PageResult): result is RawResult {
  return RAW in result;
}

/** The result as values, parsed from its text where it was kept so; for what needs its fields. */
export function parsedResult(result: PageResult): ToolResult {
  return isRawResult(result) ? (JSON.parse(result.json.toString('utf8')) as ToolResult) : result;
}

/** The keys a result message has: what the schema names, so no other key goes through unchecked. */
const FRAME_KEYS = new Set(Object.keys(resultSchema.shape));

/**
 * A page's result message, its result kept as text, from the frame's bytes; or
 * undefined where the frame is small, or not such a message in that form: it
 * is then parsed and checked as any other.
 */
export function rawResultMessage(bytes: Buffer): { callId: string; answer: PageAnswer } | undefined {
  if (bytes.length < RAW_RESULT_FROM_BYTES || !isUtf8(bytes)) {
    return undefined;
  }
  const frame = objectMembers(bytes, 0, MAX_NESTING_DEPTH, (key) => key === 'result');
  const fields = frame?.end === bytes.length ? byKey(frame.members) : undefined;
  const result = fields?.get('result');
  const outcome = result?.members && byKey(result.members);
  const success = outcome?.get('success');
  if (!fields || !result || !outcome || !success || [...fields.keys()].some((key) => !FRAME_KEYS.has(key))) {
    return undefined;
  }
  const value = (member: Member | undefined) =>
    member ? (JSON.parse(bytes.toString('utf8', member.start, member.end)) as unknown) : undefined;
  // The result's own fields the schema checks; the rest of it is the tool's, any JSON.
  const checked = resultSchema.safeParse({
    type: value(fields.get('type')),
    callId: value(fields.get('callId')),
    result: { success: value(success), warning: value(outcome.get('warning')) },
    images: value(fields.get('images'))
  });
  if (!checked.success || !checked.data.result.success) {
    return undefined;
  }
  const json = bytes.subarray(result.start, result.end);
  return { callId: checked.data.callId, answer: { result: { [RAW]: true, json, success: true }, images: checked.data.images ?? [] } };
}

/** An object's members by key; undefined where a key comes twice (parsed, the last would win: the answer would differ). */
function byKey(members: readonly Member[]): Map<string, Member> | undefined {
  const keyed = new Map(members.map((member) => [member.key, member]));
  return keyed.size === members.length ? keyed : undefined;
}
