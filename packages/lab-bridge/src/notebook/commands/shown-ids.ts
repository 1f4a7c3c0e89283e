/**
 * A notebook tool's answer with its cell ids as the agent sees them: short
 * (protocol's cell-ids.ts), wherever the answer gives one — a field, a list,
 * an id quoted in a message. The notebook's own text is left as it is:
 * sources, outputs, what the kernel said of an error, and a read's nbformat
 * JSON (whose ids are the file's). Pure.
 */
import { shortCellIds } from '@jupyter-live-mcp/protocol';

/** Keys whose values are the notebook's own text, or the kernel's. */
const OWN_TEXT = new Set(['source', 'outputs', 'output', 'content', 'ename', 'evalue', 'traceback', 'prompt']);

/** Keys whose values are always cell ids (or lists of them): a cell gone from the notebook is named so too. */
const CELL_ID_KEYS = new Set(['cellId', 'replacedCellId', 'newCellIds', 'cellIds', 'notRun', 'deleted']);

/** An id in a message is quoted, as every message of the bridge quotes one. */
const QUOTED = /"([^"\s]+)"/g;

/**
 * How the answer's ids are shown, against the ids of the notebook's cells now
 * (`notebookIds`) and those of cells the answer names that are gone (a cell it
 * deleted).
 */
export function shownCellIds(answer: unknown, notebookIds: readonly string[]): ReadonlyMap<string, string> {
  const named = new Set<string>();
  collectNamed(answer, named);
  const shown = shortCellIds(notebookIds);
  const gone = [...named].filter((id) => !shown.has(id));
  return gone.length ? shortCellIds([...notebookIds, ...gone]) : shown;
}

/** `value` with every id `shown` shortens shown short; `value` itself when `shown` shortens none. */
export function withIdsShown<T>(value: T, shown: ReadonlyMap<string, string>): T {
  return shortensAny(shown) ? (replaced(value, shown) as T) : value;
}

// Asked of the same map on every call on a notebook: worked out once.
const shortening = new WeakMap<ReadonlyMap<string, string>, boolean>();

function shortensAny(shown: ReadonlyMap<string, string>): boolean {
  let any = shortening.get(shown);
  if (any === undefined) {
    any = [...shown].some(([id, short]) => id !== short);
    shortening.set(shown, any);
  }
  return any;
}

function replaced(value: unknown, shown: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') {
    return shown.get(value) ?? (value.includes('"') ? value.replace(QUOTED, (_quoted, id: string) => `"${shown.get(id) ?? id}"`) : value);
  }
  if (Array.isArray(value)) {
    return value.map((item) => replaced(item, shown));
  }
  if (value !== null && typeof value === 'object') {
    // A loop rather than Object.entries: a read's hundreds of cell views are copied here.
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      copy[key] = OWN_TEXT.has(key) ? item : replaced(item, shown);
    }
    return copy;
  }
  return value;
}

function collectNamed(value: unknown, into: Set<string>, named = false): void {
  if (named && typeof value === 'string') {
    into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) {
      collectNamed(item, into, named);
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!OWN_TEXT.has(key)) {
        collectNamed(item, into, CELL_ID_KEYS.has(key));
      }
    }
  }
}
