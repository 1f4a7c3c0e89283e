/**
 * The `maxResultChars` cap (SPEC §3.3): a result whose JSON is longer is made to
 * fit by cutting its longest strings (each cut says how much was cut), then, if
 * that is not enough, the tails of its longest arrays. The result stays an
 * object with its `success`, gains `truncated: true`, and is always valid JSON,
 * because the cut happens on values, never on the text. Pure.
 */
import type { ToolResult } from '@jupyter-live-mcp/protocol';

export function capResult(result: ToolResult, maxChars: number): ToolResult {
  if (JSON.stringify(result).length <= maxChars) {
    return result;
  }
  const fits = (value: unknown) => JSON.stringify(value).length <= maxChars;
  const withFlag = (value: unknown) => ({ ...(value as ToolResult), truncated: true }) as ToolResult;

  const longestString = maxOf(result, (v) => (typeof v === 'string' ? v.length : 0));
  const stringLimit = largestFitting(longestString, (limit) => fits(withFlag(cut(result, limit, Infinity))));
  if (stringLimit !== undefined) {
    return withFlag(cut(result, stringLimit, Infinity));
  }
  const longestArray = maxOf(result, (v) => (Array.isArray(v) ? v.length : 0));
  const arrayLimit = largestFitting(longestArray, (limit) => fits(withFlag(cut(result, 0, limit))));
  if (arrayLimit !== undefined) {
    // Give the room that is left back to the strings (0 fits: that is how arrayLimit was found).
    const relaxed = largestFitting(longestString, (limit) => fits(withFlag(cut(result, limit, arrayLimit)))) ?? 0;
    return withFlag(cut(result, relaxed, arrayLimit));
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

function maxOf(value: unknown, measure: (v: unknown) => number): number {
  let max = measure(value);
  if (value && typeof value === 'object') {
    for (const item of Object.values(value)) {
      max = Math.max(max, maxOf(item, measure));
    }
  }
  return max;
}

/** A copy with strings over `stringLimit` and arrays over `arrayLimit` cut, saying so. */
function cut(value: unknown, stringLimit: number, arrayLimit: number): unknown {
  if (typeof value === 'string') {
    return value.length > stringLimit ? `${value.slice(0, stringLimit)}…[${value.length - stringLimit} more characters cut]` : value;
  }
  if (Array.isArray(value)) {
    const kept = value.slice(0, arrayLimit).map((item) => cut(item, stringLimit, arrayLimit));
    return value.length > arrayLimit ? [...kept, `…[${value.length - arrayLimit} more items cut]`] : kept;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, key === 'success' || key === 'code' ? item : cut(item, stringLimit, arrayLimit)])
    );
  }
  return value;
}
