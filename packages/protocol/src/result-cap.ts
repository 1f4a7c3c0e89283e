/**
 * The `maxResultChars` cap (SPEC §3.3): a result whose JSON is longer is made to
 * fit by cutting its longest strings (each cut says how much was cut), then, if
 * that is not enough, the tails of its longest arrays. The result stays an
 * object with its `success`, gains `truncated: true`, and is always valid JSON,
 * because the cut happens on values, never on the text. Pure.
 *
 * The search for the largest cut that fits measures candidate cuts from a
 * summary of the result (its shape: lengths, where JSON escapes) instead of
 * building and serialising each one: a big notebook is serialised once, not
 * fifty times.
 */
import type { ToolResult } from './result-schema.js';

/** `json`: the result's JSON text, when the caller has already written it (JSON.stringify(result), exactly). */
export function capResult(result: ToolResult, maxChars: number, json = JSON.stringify(result)): ToolResult {
  if (json.length <= maxChars) {
    return result;
  }
  const flagged = { ...result, truncated: true } as ToolResult;
  const shape = shapeOf(flagged);
  const fits = (stringLimit: number, arrayLimit: number) => cutLength(shape, stringLimit, arrayLimit) <= maxChars;

  const longestString = shape.longestString;
  // Stryker disable all: a fast path; when cutting strings is enough, the search below finds the same cut.
  const stringLimit = largestFitting(longestString, (limit) => fits(limit, Infinity));
  if (stringLimit !== undefined) {
    return cut(flagged, stringLimit, Infinity) as ToolResult;
  }
  // Stryker restore all
  const arrayLimit = largestFitting(shape.longestArray, (limit) => fits(0, limit));
  if (arrayLimit !== undefined) {
    // Give the room that is left back to the strings (0 fits: that is how arrayLimit was found).
    const relaxed = largestFitting(longestString, (limit) => fits(limit, arrayLimit)) ?? 0;
    return cut(flagged, relaxed, arrayLimit) as ToolResult;
  }
  return {
    success: result.success,
    truncated: true,
    ...(result.success ? {} : { error: String(result.error).slice(0, 500), code: result.code }),
    warning: `The result was too large to return within maxResultChars (${maxChars}) even after cutting it; ask for less (e.g. one cell instead of the whole notebook).`
  } as ToolResult;
}

/** The largest n in [0, max] for which ok(n) holds, given ok is monotone; undefined if none. */
function largestFitting(max: number, ok: (n: number) => boolean): number | undefined {
  if (!ok(0)) {
    return undefined;
  }
  let low = 0;
  let high = max;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (ok(mid)) {
      low = mid;
    } else {
      high = mid - 1;
    }
  }
  return low;
}

const charactersCut = (count: number) => `…[${count} more characters cut]`;
const itemsCut = (count: number) => `…[${count} more items cut]`;
/** charactersCut(n).length is this plus n's digits: measured for every string, so not built. */
const CHARACTERS_CUT_LENGTH = charactersCut(0).length - 1;
const digits = (count: number) => String(count).length;

/** Keys never cut: a result keeps its `success` and its error `code` whole. */
const uncut = (key: string) => key === 'success' || key === 'code';

/** A copy with strings over `stringLimit` and arrays over `arrayLimit` cut, saying so. */
export function cut(value: unknown, stringLimit: number, arrayLimit: number): unknown {
  if (typeof value === 'string') {
    return value.length > stringLimit ? value.slice(0, stringLimit) + charactersCut(value.length - stringLimit) : value;
  }
  if (Array.isArray(value)) {
    const kept = value.slice(0, arrayLimit).map((item) => cut(item, stringLimit, arrayLimit));
    return value.length > arrayLimit ? [...kept, itemsCut(value.length - arrayLimit)] : kept;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, uncut(key) ? item : cut(item, stringLimit, arrayLimit)]));
  }
  return value;
}

/**
 * What cutLength needs to know of a JSON value. A string learns where JSON
 * escapes it when a cut of it is first measured, so the length of any prefix is
 * then a binary search. Every node
 * knows its whole JSON length and its longest string and array, so a cut that
 * leaves it whole costs nothing to measure; and it remembers its length under
 * the last string limit it was measured with while no array of it is cut, as
 * the search for an array limit measures the same items again and again.
 */
type Shape = (
  | { kind: 'string'; text: string; escaping?: Escaping }
  | { kind: 'array'; items: Shape[] }
  | { kind: 'object'; entries: { keyLength: number; value: Shape }[] }
  | { kind: 'fixed' }
) & { length: number; longestString: number; longestArray: number; memoLimit?: number; memoLength?: number };

/** Characters JSON.stringify escapes (lone surrogates too, handled apart). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters JSON escapes.
const ESCAPED = /["\\\u0000-\u001f]/g;
const SURROGATE = /[\ud800-\udfff]/;

const fixed = (value: unknown): Shape => ({
  // Stryker disable next-line StringLiteral: cutLength answers for a value without strings or arrays before its kind is read.
  kind: 'fixed',
  length: JSON.stringify(value)?.length ?? 4,
  longestString: 0,
  longestArray: 0
});

function shapeOf(value: unknown): Shape {
  if (typeof value === 'string') {
    return { kind: 'string', text: value, length: JSON.stringify(value).length, longestString: value.length, longestArray: 0 };
  }
  if (Array.isArray(value)) {
    // JSON.stringify writes undefined and functions in an array as null: fixed() counts them as its 4 characters.
    const items = value.map(shapeOf);
    let length = 1 + Math.max(1, items.length);
    let longestString = 0;
    let longestArray = items.length;
    for (const item of items) {
      length += item.length;
      longestString = Math.max(longestString, item.longestString);
      longestArray = Math.max(longestArray, item.longestArray);
    }
    return { kind: 'array', items, length, longestString, longestArray };
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined && typeof item !== 'function')
      .map(([key, item]) => ({ keyLength: JSON.stringify(key).length, value: uncut(key) ? fixed(item) : shapeOf(item) }));
    let length = 1 + Math.max(1, entries.length);
    let longestString = 0;
    let longestArray = 0;
    for (const entry of entries) {
      length += entry.keyLength + 1 + entry.value.length;
      longestString = Math.max(longestString, entry.value.longestString);
      longestArray = Math.max(longestArray, entry.value.longestArray);
    }
    return { kind: 'object', entries, length, longestString, longestArray };
  }
  return fixed(value);
}

/**
 * Measures cuts of one value: each call gives JSON.stringify(cut(value,
 * stringLimit, arrayLimit)).length without building the cut.
 */
export function cutMeasurer(value: unknown): (stringLimit: number, arrayLimit: number) => number {
  const shape = shapeOf(value);
  return (stringLimit, arrayLimit) => cutLength(shape, stringLimit, arrayLimit);
}

function cutLength(shape: Shape, stringLimit: number, arrayLimit: number): number {
  if (shape.longestArray > arrayLimit) {
    return measure(shape, stringLimit, arrayLimit);
  }
  if (shape.longestString <= stringLimit) {
    return shape.length;
  }
  // Stryker disable next-line ConditionalExpression: a cache; measuring again gives the same length.
  if (shape.memoLimit !== stringLimit) {
    shape.memoLimit = stringLimit;
    shape.memoLength = measure(shape, stringLimit, arrayLimit);
  }
  return shape.memoLength!;
}

function measure(shape: Shape, stringLimit: number, arrayLimit: number): number {
  switch (shape.kind) {
    // Stryker disable next-line all: cutLength answers for a fixed value without measuring it.
    case 'fixed':
      return shape.length;
    case 'string':
      // cutLength measures only a string longer than the limit.
      return escapedLength(shape, stringLimit) + CHARACTERS_CUT_LENGTH + digits(shape.text.length - stringLimit);
    case 'array': {
      const keptCount = Math.min(shape.items.length, arrayLimit);
      const cutCount = shape.items.length - keptCount;
      let length = 2;
      for (let i = 0; i < keptCount; i++) {
        length += cutLength(shape.items[i]!, stringLimit, arrayLimit);
      }
      if (cutCount) {
        length += itemsCut(cutCount).length + 2;
      }
      const count = keptCount + (cutCount ? 1 : 0);
      return length + Math.max(0, count - 1);
    }
    case 'object': {
      let length = 2 + Math.max(0, shape.entries.length - 1);
      for (const entry of shape.entries) {
        length += entry.keyLength + 1 + cutLength(entry.value, stringLimit, arrayLimit);
      }
      return length;
    }
  }
}

/** Where JSON escapes a string, found when a cut of it is first measured: most strings are never cut. */
interface Escaping {
  surrogates: boolean;
  /** `escapes[i]` is the running total of extra characters up to position `at[i]`. */
  at: number[];
  escapes: number[];
}

function escapingOf(text: string): Escaping {
  const at: number[] = [];
  const escapes: number[] = [];
  let extra = 0;
  for (const match of text.matchAll(ESCAPED)) {
    extra += JSON.stringify(match[0]).length - 3;
    at.push(match.index);
    escapes.push(extra);
  }
  return { surrogates: SURROGATE.test(text), at, escapes };
}

/** The JSON length (quotes included) of the string's first `count` characters, fewer than all. */
function escapedLength(shape: Extract<Shape, { kind: 'string' }>, count: number): number {
  // Stryker disable next-line ConditionalExpression,BlockStatement: a fast path; the search's first probe need not scan the string.
  if (count === 0) {
    return 2;
  }
  shape.escaping ??= escapingOf(shape.text);
  const { surrogates, at, escapes } = shape.escaping;
  // Stryker disable next-line ConditionalExpression: the exact measure below it gives the same length, slower.
  if (surrogates) {
    // A cut may split a surrogate pair, which JSON then escapes: measure that prefix.
    return JSON.stringify(shape.text.slice(0, count)).length;
  }
  // Extra characters of the escapes before `count`: the last index in `at` below it.
  let low = 0;
  let high = at.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (at[mid]! < count) {
      low = mid + 1;
    } else {
      high = mid;
    }
  }
  return count + 2 + (low ? escapes[low - 1]! : 0);
}
