/**
 * Taking back agent calls (SPEC §2.5). A revert restores exactly what the call
 * changed — each cell it edited gets its source and type back, each cell it
 * added goes, each it deleted or moved comes back where it was — and nothing
 * else. It is refused, naming the cells, where a cell is no longer as the call
 * left it (the person or a later call changed it since: no silent loss either
 * way), where the call was taken back already, or where the journal could not
 * keep its sources. "Everything since" takes back the call and every later one
 * on the notebook, newest first, all or none. Pure: the steps are applied to
 * the notebook model by the panel's adapter.
 */
import type { CellState } from './cell-changes.js';
import type { Journal, JournalEntry } from './journal.js';

export type RevertStep =
  | { op: 'delete'; cellId: string }
  | { op: 'insert'; index: number; cell: CellState }
  | { op: 'move'; cellId: string; index: number }
  | { op: 'setSource'; cellId: string; source: string }
  | { op: 'setType'; cellId: string; type: string };

/** A cell the revert would not restore without losing what was done to it since, and who did that. */
export interface RevertBlock {
  cellId: string;
  /** The later call that changed it (its journal id), or undefined: the person. */
  byEntry?: number;
}

/** What a revert the person asked for did, or why it did nothing. */
export type RevertOutcome = { ok: true; message: string } | { ok: false; reason: string };

export type RevertPlan = { ok: true; steps: RevertStep[]; entries: number[] } | { ok: false; reason: string; blocked: RevertBlock[] };

/**
 * Takes back `entries` (newest first) from the notebook's cells now. `later`
 * are the calls on the notebook after the oldest of them that stay (they name
 * who changed a blocked cell).
 */
export function planRevert(entries: readonly JournalEntry[], cells: readonly CellState[], later: readonly JournalEntry[] = []): RevertPlan {
  const done = entries.find((entry) => entry.revertedAt !== undefined);
  if (done) {
    return {
      ok: false,
      reason: `call #${done.id} (${done.tool}) was taken back already, at ${new Date(done.revertedAt!).toLocaleTimeString()}: there is nothing of it left to take back.`,
      blocked: []
    };
  }
  const dropped = entries.find((entry) => entry.sourcesDropped);
  if (dropped) {
    return {
      ok: false,
      reason: `call #${dropped.id} (${dropped.tool}) changed more text than the journal keeps, so it cannot be taken back here: use the notebook's undo or its checkpoints.`,
      blocked: []
    };
  }
  let state = [...cells];
  const steps: RevertStep[] = [];
  for (const entry of entries) {
    const blocked = changedSince(entry, state, later);
    if (blocked.length) {
      const names = blocked.map(
        (block) => `${cellName(block.cellId, state)} (${block.byEntry ? `by call #${block.byEntry}` : 'by the person'})`
      );
      return {
        ok: false,
        reason: `call #${entry.id} (${entry.tool}) was not taken back, nothing changed: ${names.join(', ')} changed since. Take those changes back first, or change the cells by hand.`,
        blocked
      };
    }
    const taken = stepsFor(entry, state);
    state = applySteps(state, taken);
    steps.push(...taken);
  }
  return { ok: true, steps, entries: entries.map((entry) => entry.id) };
}

/** Which journal entries a revert takes back: the one call, or it and every later call on its notebook not taken back yet. */
export type RevertScope = 'call' | 'since';

/** Plans the person's revert of journal entry `id` over the notebook's cells now. */
export function planJournalRevert(journal: Journal, id: number, scope: RevertScope, cells: readonly CellState[]): RevertPlan {
  const entry = journal.entry(id);
  if (!entry) {
    return {
      ok: false,
      reason: `call #${id} is no longer in the journal (its notebook closed, or newer calls took its place), so it cannot be taken back here.`,
      blocked: []
    };
  }
  const later = journal.after(id);
  return scope === 'call'
    ? planRevert([entry], cells, later)
    : planRevert([entry, ...later.filter((call) => call.revertedAt === undefined)].reverse(), cells);
}

/** A cell as the person finds it: its place (from 1) and first line; one deleted since, by its id. */
function cellName(cellId: string, cells: readonly CellState[]): string {
  const at = cells.findIndex((cell) => cell.id === cellId);
  if (at < 0) {
    return `deleted cell "${cellId}"`;
  }
  const line = cells[at]!.source.split('\n', 1)[0]!;
  return `cell ${at + 1} "${line.length > 40 ? `${line.slice(0, 40)}…` : line}"`;
}

/** The cells of the entry that are not as it left them. */
function changedSince(entry: JournalEntry, cells: readonly CellState[], later: readonly JournalEntry[]): RevertBlock[] {
  const now = new Map(cells.map((cell) => [cell.id, cell]));
  return entry.cells.flatMap((change) => {
    const cell = now.get(change.id);
    const asLeft = change.after ? cell?.source === change.after.source && cell.type === change.after.type : !cell;
    if (asLeft) {
      return [];
    }
    const by = [...later].reverse().find((call) => call.revertedAt === undefined && call.cells.some((c) => c.id === change.id));
    return [{ cellId: change.id, ...(by ? { byEntry: by.id } : {}) }];
  });
}

/**
 * Deletes first (the cells the call added), then sources and types, then each cell the call moved or deleted back in
 * the place it stood, from the top: the cells the call did not touch keep their order around them. A cell of the call
 * found above its place goes to the end, to come back to its place in turn.
 */
function stepsFor(entry: JournalEntry, cells: readonly CellState[]): RevertStep[] {
  const deletes: RevertStep[] = [];
  const contents: RevertStep[] = [];
  const places: { index: number; cell: CellState }[] = [];
  for (const { id, before, after } of entry.cells) {
    if (!before) {
      deletes.push({ op: 'delete', cellId: id });
      continue;
    }
    if (after && after.type !== before.type) {
      contents.push({ op: 'setType', cellId: id, type: before.type });
    }
    if (after && after.source !== before.source) {
      contents.push({ op: 'setSource', cellId: id, source: before.source });
    }
    places.push({ index: before.index, cell: { id, type: before.type, source: before.source } });
  }
  const touched = new Set(places.map((place) => place.cell.id));
  const now = applySteps(cells, deletes).map((cell) => cell.id);
  const target: string[] = now.filter((id) => !touched.has(id));
  for (const { index, cell } of places.sort((a, b) => a.index - b.index)) {
    target.splice(Math.min(index, target.length), 0, cell.id);
  }
  const moves: RevertStep[] = [];
  for (let index = 0; index < target.length; ) {
    const want = target[index]!;
    const here = now[index];
    if (here === want) {
      index++;
    } else if (touched.has(want)) {
      const from = now.indexOf(want);
      if (from < 0) {
        moves.push({ op: 'insert', index, cell: places.find((place) => place.cell.id === want)!.cell });
      } else {
        now.splice(from, 1);
        moves.push({ op: 'move', cellId: want, index });
      }
      now.splice(index, 0, want);
      index++;
    } else {
      // The cells not touched are in their order, so the one here is the call's, above its place.
      now.splice(index, 1);
      now.push(here!);
      moves.push({ op: 'move', cellId: here!, index: now.length - 1 });
    }
  }
  return [...deletes, ...contents, ...moves];
}

/** The cells after the steps: what the adapter does to the model, step by step, and what tests check. */
export function applySteps(cells: readonly CellState[], steps: readonly RevertStep[]): CellState[] {
  const state = [...cells];
  const at = (id: string) => state.findIndex((cell) => cell.id === id);
  for (const step of steps) {
    switch (step.op) {
      case 'delete':
        state.splice(at(step.cellId), 1);
        break;
      case 'insert':
        state.splice(Math.min(step.index, state.length), 0, step.cell);
        break;
      case 'move': {
        const [cell] = state.splice(at(step.cellId), 1);
        state.splice(Math.min(step.index, state.length), 0, cell!);
        break;
      }
      case 'setSource':
        state[at(step.cellId)] = { ...state[at(step.cellId)]!, source: step.source };
        break;
      case 'setType':
        state[at(step.cellId)] = { ...state[at(step.cellId)]!, type: step.type };
        break;
    }
  }
  return state;
}
