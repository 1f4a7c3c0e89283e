/**
 * Command results are arbitrary JavaScript values; this turns one into plain JSON
 * (SPEC §3.3): a Lumino widget as `{type, id, title}` (`{type, disposed: true}`
 * once disposed), Map and Set as arrays, Error as `{name, message}`, bigint as a
 * string, functions and `undefined` dropped, cycles as "[circular]", depth capped.
 * Pure: it knows widgets by their shape, not by importing Lumino.
 */
import { widgetType } from './widget-type.js';

export const MAX_DEPTH = 20;

export function toJsonValue(value: unknown, maxDepth = MAX_DEPTH): unknown {
  return convert(value, new Set(), maxDepth);
}

function convert(value: unknown, seen: Set<object>, depthLeft: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // JSON has no NaN or Infinity; JSON.stringify would silently write null.
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) {
    return null;
  }
  const object = value as object;
  if (seen.has(object)) {
    return '[circular]';
  }
  if (isWidget(object)) {
    return describeWidget(object);
  }
  if (object instanceof Error) {
    return { name: object.name, message: object.message };
  }
  if (object instanceof Date) {
    return Number.isNaN(object.getTime()) ? null : object.toISOString();
  }
  if (depthLeft <= 0) {
    return '[depth limit]';
  }
  seen.add(object);
  try {
    if (object instanceof Map) {
      return [...object.entries()].map(([k, v]) => [convert(k, seen, depthLeft - 1), convert(v, seen, depthLeft - 1)]);
    }
    if (object instanceof Set || Array.isArray(object) || ArrayBuffer.isView(object)) {
      // Unrepresentable items become null so positions are kept, as JSON.stringify does.
      return [...(object as Iterable<unknown>)].map((item) => convert(item, seen, depthLeft - 1) ?? null);
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(object)) {
      let item: unknown;
      try {
        item = (object as Record<string, unknown>)[key];
      } catch (error) {
        item = `[unreadable: ${(error as Error).message}]`;
      }
      const converted = convert(item, seen, depthLeft - 1);
      if (converted !== undefined) {
        out[key] = converted;
      }
    }
    return out;
  } finally {
    seen.delete(object);
  }
}

/** The shape of a Lumino widget that matters here. */
export interface WidgetLike {
  id: string;
  isDisposed: boolean;
  node: unknown;
  title: { label: string };
}

export function isWidget(value: unknown): value is WidgetLike {
  const candidate = value as Partial<WidgetLike> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.isDisposed === 'boolean' &&
    typeof candidate.id === 'string' &&
    typeof candidate.title === 'object' &&
    candidate.title !== null &&
    'node' in candidate
  );
}

/** A widget as JSON; `type` is from `widgetType`. */
export function describeWidget(widget: WidgetLike): Record<string, unknown> {
  const type = widgetType(widget);
  if (widget.isDisposed) {
    return { type, disposed: true };
  }
  return { type, id: widget.id, title: widget.title.label };
}
