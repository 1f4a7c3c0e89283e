/**
 * Cell ids as the bridge's answers show them, and the cell an id the agent
 * gives names. JupyterLab's ids are 36-character UUIDs that every answer
 * repeats and the agent copies back; like git's short hashes, an answer shows
 * each as its shortest start of at least SHOWN_CELL_ID_CHARS characters that
 * no other cell of the notebook starts with, and an input takes the whole id
 * or any start of at least MIN_CELL_ID_PREFIX characters that one cell alone
 * starts with. Pure.
 */

/** The fewest characters of an id an answer shows: 8 hex digits tell 50 UUIDs apart in all but one notebook in three million. */
export const SHOWN_CELL_ID_CHARS = 8;
/** The fewest characters of an id an input may give instead of the whole id. */
export const MIN_CELL_ID_PREFIX = 4;

/**
 * Each id and how answers show it: its shortest start of at least
 * SHOWN_CELL_ID_CHARS characters that no other of `ids` starts with; the whole
 * id when it has no shorter such start (an id of 8 characters or fewer, or one
 * another id starts with). The same map for the same ids as a call before:
 * every call on a notebook asks for its ids, which rarely change between
 * calls, and working out 2,000 of them took about a millisecond a read.
 */
export function shortCellIds(ids: readonly string[]): ReadonlyMap<string, string> {
  let known = recent.find((entry) => sameIds(entry.ids, ids));
  if (!known) {
    known = { ids: [...ids], shown: shortened(ids) };
    recent.unshift(known);
    recent.length = Math.min(recent.length, RECENT_LISTS);
  }
  return known.shown;
}

/** How many id lists shortCellIds keeps: the notebooks an agent works on at once. */
const RECENT_LISTS = 4;
const recent: { ids: readonly string[]; shown: ReadonlyMap<string, string> }[] = [];

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) {
    return false;
  }
  for (let at = 0; at < a.length; at++) {
    if (a[at] !== b[at]) {
      return false;
    }
  }
  return true;
}

function shortened(ids: readonly string[]): Map<string, string> {
  // Only ids that share their first characters can need more of them: most are told apart
  // at once, and only each group of the others is sorted (a sort of all 2,000 ids of a big
  // notebook cost half a millisecond a read).
  const groups = new Map<string, string[]>();
  for (const id of new Set(ids)) {
    const start = id.slice(0, SHOWN_CELL_ID_CHARS);
    const group = groups.get(start);
    if (group) {
      group.push(id);
    } else {
      groups.set(start, [id]);
    }
  }
  const shown = new Map<string, string>();
  for (const [start, group] of groups) {
    if (group.length === 1) {
      shown.set(group[0]!, start);
      continue;
    }
    // Sorted, the ids that share the longest start with one are next to it.
    const sorted = group.sort();
    for (const [at, id] of sorted.entries()) {
      const shared = Math.max(commonStart(id, sorted[at - 1]), commonStart(id, sorted[at + 1]));
      shown.set(id, id.slice(0, Math.max(SHOWN_CELL_ID_CHARS, shared + 1)));
    }
  }
  return shown;
}

/** What an id the agent gave names among a notebook's cell ids. */
export type CellIdMatch =
  /** The cell's whole id. */
  | { id: string }
  /** A start several cells' ids share: the agent must give more of it. */
  | { among: string[] };

/**
 * The cell `given` names among `ids`: the one with that id, else the one
 * alone whose id starts with it (MIN_CELL_ID_PREFIX characters or more);
 * undefined when none does.
 */
export function findCellId(ids: readonly string[], given: string): CellIdMatch | undefined {
  if (ids.includes(given)) {
    return { id: given };
  }
  if (given.length < MIN_CELL_ID_PREFIX) {
    return undefined;
  }
  const among = ids.filter((id) => id.startsWith(given));
  return among.length === 0 ? undefined : among.length === 1 ? { id: among[0]! } : { among };
}

/** The refusal of a start several cells' ids share (answers show the ids short). */
export function sharedStartMessage(given: string, among: readonly string[]): string {
  return `"${given}" is the start of ${among.length} cells' ids (${among.map((id) => `"${id}"`).join(', ')}): give more of the id.`;
}

function commonStart(a: string, b: string | undefined): number {
  if (b === undefined) {
    return 0;
  }
  let at = 0;
  while (at < a.length && a[at] === b[at]) {
    at++;
  }
  return at;
}
