/**
 * What one call did to a notebook's cells, from the cells before and after it:
 * per cell it touched, its place, type and source before (none: the call added
 * it) and after (none: the call deleted it). A cell counts as moved only when
 * its order among the other cells changed, not when an insert above shifted it.
 * Pure.
 */

/** A cell as the journal keeps it. */
export interface CellState {
  id: string;
  type: string;
  source: string;
}

export interface CellSide {
  index: number;
  type: string;
  source: string;
}

export interface CellChange {
  id: string;
  before: CellSide | null;
  after: CellSide | null;
}

export function cellChanges(before: readonly CellState[], after: readonly CellState[]): CellChange[] {
  const was = new Map(before.map((cell, index) => [cell.id, { index, type: cell.type, source: cell.source }]));
  const is = new Map(after.map((cell, index) => [cell.id, { index, type: cell.type, source: cell.source }]));
  const moved = movedIds(
    before.filter((cell) => is.has(cell.id)).map((cell) => cell.id),
    // Stryker disable next-line MethodExpression: cells added in between shift the others' positions but keep their order.
    after.filter((cell) => was.has(cell.id)).map((cell) => cell.id)
  );
  const changes: CellChange[] = [];
  for (const [id, side] of was) {
    const now = is.get(id);
    if (!now) {
      changes.push({ id, before: side, after: null });
    } else if (now.source !== side.source || now.type !== side.type || moved.has(id)) {
      changes.push({ id, before: side, after: now });
    }
  }
  for (const [id, side] of is) {
    if (!was.has(id)) {
      changes.push({ id, before: null, after: side });
    }
  }
  return changes.sort((a, b) => place(a) - place(b));
}

function place(change: CellChange): number {
  return (change.after ?? change.before)!.index;
}

/**
 * The cells whose order changed: the fewest cells that, taken out, leave the
 * rest in the same order on both sides (all but a longest increasing run).
 */
function movedIds(beforeOrder: readonly string[], afterOrder: readonly string[]): Set<string> {
  const position = new Map(afterOrder.map((id, at) => [id, at]));
  const sequence = beforeOrder.map((id) => position.get(id)!);
  // Patience sorting: tails[k] ends the smallest-ended increasing run of length k+1.
  // Stryker disable all: every entry is written before it is read.
  const tails: number[] = [];
  const tailAt: number[] = [];
  const previous = new Array<number>(sequence.length).fill(-1);
  // Stryker restore all
  for (const [at, value] of sequence.entries()) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (tails[middle]! < value) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    tails[low] = value;
    tailAt[low] = at;
    previous[at] = low > 0 ? tailAt[low - 1]! : -1;
  }
  const kept = new Set<string>();
  // Stryker disable next-line UnaryOperator: no tails means no cell on both sides, so nothing to walk from any start.
  for (let at = tails.length ? tailAt[tails.length - 1]! : -1; at >= 0; at = previous[at]!) {
    kept.add(beforeOrder[at]!);
  }
  return new Set(beforeOrder.filter((id) => !kept.has(id)));
}
