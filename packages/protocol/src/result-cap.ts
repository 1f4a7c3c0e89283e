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
import type { ToolResult } from './result-protocol.js';

export function capResult(result: ToolResult, maxChars: number): ToolResult {
  if (JSON.stringify(result).length <= maxChars) {
    return result;
  }
  const flagged = { ...result, truncated: true } as ToolResult;
  const shape = shapeOf(flagged);
  const fits = (stringLimit: number, arrayLimit: number) => cutLength(shape, stringLimit, arrayLimit) <= maxChars;

  const longestString = longest(shape, 'string');
  const stringLimit = largestFitting(longestString, (limit) => fits(limit, Infinity));
  if (stringLimit !== undefined) {
    return cut(flagged, stringLimit, Infinity) as ToolResult;
  }
  const arrayLimit = largestFitting(longest(shape, 'array'), (limit) => fits(0, limit));
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
 * What cutLength needs to know of a JSON value. A string knows where JSON
 * escapes it: `escapes[i]` is the running total of extra characters up to
 * position `at[i]`, so the length of any prefix is a binary search.
 */
type Shape =
  | { kind: 'string'; text: string; surrogates: boolean; at: number[]; escapes: number[] }
  | { kind: 'array'; items: Shape[] }
  | { kind: 'object'; entries: { keyLength: number; value: Shape }[] }
  | { kind: 'fixed'; length: number };

/** Characters JSON.stringify escapes (lone surrogates too, handled apart). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters JSON escapes.
const ESCAPED = /["\\\u0000-\u001f]/g;
const SURROGATE = /[\ud800-\udfff]/;

const fixed = (value: unknown): Shape => ({ kind: 'fixed', length: JSON.stringify(value)?.length ?? 4 });

function shapeOf(value: unknown): Shape {
  if (typeof value === 'string') {
    const at: number[] = [];
    const escapes: number[] = [];
    let extra = 0;
    for (const match of value.matchAll(ESCAPED)) {
      extra += JSON.stringify(match[0]).length - 3;
      at.push(match.index);
      escapes.push(extra);
    }
    return { kind: 'string', text: value, surrogates: SURROGATE.test(value), at, escapes };
  }
  if (Array.isArray(value)) {
    // JSON.stringify writes undefined and functions in an array as null.
    return { kind: 'array', items: value.map((item) => (item === undefined || typeof item === 'function' ? fixed(null) : shapeOf(item))) };
  }
  if (value && typeof value === 'object') {
    return {
      kind: 'object',
      entries: Object.entries(value)
        .filter(([, item]) => item !== undefined && typeof item !== 'function')
        .map(([key, item]) => ({ keyLength: JSON.stringify(key).length, value: uncut(key) ? fixed(item) : shapeOf(item) }))
    };
  }
  return fixed(value);
}

/** JSON.stringify(cut(value, stringLimit, arrayLimit)).length, without building the cut. */
export function cutJsonLength(value: unknown, stringLimit: number, arrayLimit: number): number {
  return cutLength(shapeOf(value), stringLimit, arrayLimit);
}

function cutLength(shape: Shape, stringLimit: number, arrayLimit: number): number {
  switch (shape.kind) {
    case 'fixed':
      return shape.length;
    case 'string': {
      const length = shape.text.length;
      return length <= stringLimit
        ? escapedLength(shape, length)
        : escapedLength(shape, stringLimit) + charactersCut(length - stringLimit).length;
    }
    case 'array': {
      const cutCount = Math.max(0, shape.items.length - arrayLimit);
      const kept = cutCount ? shape.items.slice(0, arrayLimit) : shape.items;
      let length = 2;
      for (const item of kept) {
        length += cutLength(item, stringLimit, arrayLimit);
      }
      if (cutCount) {
        length += itemsCut(cutCount).length + 2;
      }
      const count = kept.length + (cutCount ? 1 : 0);
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

/** The JSON length (quotes included) of the string's first `count` characters. */
function escapedLength(shape: Extract<Shape, { kind: 'string' }>, count: number): number {
  if (shape.surrogates) {
    // A cut may split a surrogate pair, which JSON then escapes: measure that prefix.
    return JSON.stringify(shape.text.slice(0, count)).length;
  }
  // Extra characters of the escapes before `count`: the last index in `at` below it.
  let low = 0;
  let high = shape.at.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (shape.at[mid]! < count) {
      low = mid + 1;
    } else {
      high = mid;
    }
  }
  return count + 2 + (low ? shape.escapes[low - 1]! : 0);
}

/** The longest string or array anywhere in the shape. */
function longest(shape: Shape, kind: 'string' | 'array'): number {
  switch (shape.kind) {
    case 'string':
      return kind === 'string' ? shape.text.length : 0;
    case 'array':
      return shape.items.reduce((max, item) => Math.max(max, longest(item, kind)), kind === 'array' ? shape.items.length : 0);
    case 'object':
      return shape.entries.reduce((max, entry) => Math.max(max, longest(entry.value, kind)), 0);
    case 'fixed':
      return 0;
  }
}
