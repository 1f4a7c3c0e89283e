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
 * `answer` with its cell ids shown short against the ids of the notebook's
 * cells now (`notebookIds`), and the ids so shown (for withIdsShown). A cell
 * the answer names that is gone (one it deleted) is shown by its shortest
 * start that no other cell, of the notebook or gone, has; the notebook's own
 * cells are shown as every answer shows them, so a read's views, built with
 * their ids short (reads/read-commands.ts), agree with the rest of it. One
 * walk, and a second only when the answer names a cell that is gone; what
 * holds no id to shorten is not copied.
 */
export function idsShown<T>(answer: T, notebookIds: readonly string[]): { answer: T; shown: ReadonlyMap<string, string> } {
  const shown = shortCellIds(notebookIds);
  const gone = new Set<string>();
  const first = replaced(answer, shown, gone) as T;
  if (gone.size === 0) {
    return { answer: first, shown };
  }
  const apart = shortCellIds([...notebookIds, ...gone]);
  const withGone = new Map(shown);
  for (const id of gone) {
    withGone.set(id, apart.get(id) ?? id);
  }
  return { answer: withIdsShown(answer, withGone), shown: withGone };
}

/** `value` with every id `shown` shortens shown short; `value` itself when there is none in it. */
export function withIdsShown<T>(value: T, shown: ReadonlyMap<string, string>): T {
  return replaced(value, shown, new Set()) as T;
}

/** `value` with its ids shown; a string under a key of CELL_ID_KEYS that `shown` does not know is added to `gone`. */
function replaced(value: unknown, shown: ReadonlyMap<string, string>, gone: Set<string>, named = false): unknown {
  if (typeof value === 'string') {
    const short = shown.get(value);
    if (short !== undefined) {
      return short;
    }
    if (named) {
      gone.add(value);
    }
    return value.includes('"') ? value.replace(QUOTED, (_quoted, id: string) => `"${shown.get(id) ?? id}"`) : value;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let at = 0; at < value.length; at++) {
      const item = replaced(value[at], shown, gone, named);
      if (item !== value[at]) {
        copy ??= [...value];
        copy[at] = item;
      }
    }
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object') {
    // A loop rather than Object.entries: a read's hundreds of cell views are walked here.
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      const shownItem = OWN_TEXT.has(key) ? item : replaced(item, shown, gone, CELL_ID_KEYS.has(key));
      if (shownItem !== item) {
        copy ??= { ...value };
        copy[key] = shownItem;
      }
    }
    return copy ?? value;
  }
  return value;
}
