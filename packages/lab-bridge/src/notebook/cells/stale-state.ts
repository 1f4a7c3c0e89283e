/**
 * Stale state in a notebook, as a person reading it would want to know (SPEC
 * §2.3b): code cells whose source changed since they last ran (their outputs
 * are from other code), and cells whose outputs came from an execution order
 * other than top to bottom. Which source last ran is known only for runs the
 * page saw (run-tracker.ts records them); a cell whose outputs came with the
 * file is marked only once it is edited here, else it is counted as unknown —
 * never marked on a guess. Pure.
 */

/** What the tracker keeps of a code cell with an execution count. */
export interface RunRecord {
  executionCount: number;
  /** The source when it got that count (a run seen), or when the page first saw it with it. */
  source: string;
  /** Whether the page saw the run that gave the count. */
  seenRun: boolean;
}

/** The fields of a code cell read here. */
export interface RunState {
  executionCount: number | null | undefined;
  source: string;
}

/**
 * The record after the page saw the cell (`ran` false: it appeared, e.g. with
 * its file) or saw its execution count change (`ran` true). A cell without a
 * count has none; a cell seen again with the count it had keeps its record (a
 * moved cell is a new cell model with the same id).
 */
export function nextRecord(record: RunRecord | undefined, cell: RunState, ran: boolean): RunRecord | undefined {
  const { executionCount, source } = cell;
  if (executionCount === null || executionCount === undefined) {
    return undefined;
  }
  if (!ran && record?.executionCount === executionCount) {
    return record;
  }
  return { executionCount, source, seenRun: ran };
}

export interface StaleCell extends RunState {
  id: string;
  type: string;
}

/** The marks of one cell, present only where true. */
export interface StaleMarks {
  editedSinceRun?: true;
  outOfOrder?: true;
}

/** The notebook's stale state in few characters: empty lists and a zero count are left out. */
export interface StaleSummary {
  editedSinceRun?: string[];
  outOfOrder?: string[];
  /** Code cells that ran before the page saw them and were not edited since: whether they are stale cannot be known. */
  unknown?: number;
}

export function staleState(
  cells: readonly StaleCell[],
  recordOf: (id: string) => RunRecord | undefined
): { summary: StaleSummary; marks: Map<string, StaleMarks> } {
  const edited: string[] = [];
  const outOfOrder: string[] = [];
  let unknown = 0;
  // The highest count above, and whether a code cell above never ran.
  let highest = Number.NEGATIVE_INFINITY;
  let unrunAbove = false;
  for (const cell of cells) {
    if (cell.type !== 'code') {
      continue;
    }
    const count = cell.executionCount;
    if (count === null || count === undefined) {
      // An empty cell has nothing to run: it changes no state below it.
      unrunAbove ||= cell.source.trim() !== '';
      continue;
    }
    const record = recordOf(cell.id);
    const known = record?.executionCount === count ? record : undefined;
    if (known && known.source !== cell.source) {
      edited.push(cell.id);
    } else if (!known?.seenRun) {
      unknown++;
    }
    if (count <= highest || unrunAbove) {
      outOfOrder.push(cell.id);
    }
    highest = Math.max(highest, count);
  }
  const marks = new Map<string, StaleMarks>();
  const mark = (id: string, flag: keyof StaleMarks) => marks.set(id, { ...marks.get(id), [flag]: true });
  for (const id of edited) {
    mark(id, 'editedSinceRun');
  }
  for (const id of outOfOrder) {
    mark(id, 'outOfOrder');
  }
  return {
    summary: {
      ...(edited.length ? { editedSinceRun: edited } : {}),
      ...(outOfOrder.length ? { outOfOrder } : {}),
      ...(unknown ? { unknown } : {})
    },
    marks
  };
}
