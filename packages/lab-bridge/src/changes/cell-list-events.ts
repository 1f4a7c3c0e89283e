/**
 * A notebook's cell list reports a move, and a change of a cell's type, as
 * the cell taken out and put back; this pairs the two within one burst of the
 * list's events (one model transaction), so the change log hears "moved" or
 * "edited", not "deleted" and "added". A cell taken out and not put back by the
 * end of the burst was deleted. Pure.
 */
import type { Author, NotebookEvent } from './change-log.js';

export type CellListEvent = Extract<NotebookEvent, { cellId: string }>;

export class CellListEvents {
  /** Cells taken out in this burst: id → where from, and by whom. */
  private readonly takenOut = new Map<string, { index: number; by: Author }>();

  constructor(
    private readonly emit: (event: CellListEvent, by: Author) => void,
    /** Runs the end of the burst once the events of the transaction are all in. */
    private readonly afterBurst: (end: () => void) => void = (end) => queueMicrotask(end)
  ) {}

  removed(cellId: string, index: number, by: Author): void {
    if (this.takenOut.size === 0) {
      this.afterBurst(() => this.end());
    }
    this.takenOut.set(cellId, { index, by });
  }

  added(cellId: string, index: number, by: Author): void {
    const out = this.takenOut.get(cellId);
    if (!out) {
      this.emit({ kind: 'added', cellId }, by);
      return;
    }
    this.takenOut.delete(cellId);
    this.emit({ kind: out.index === index ? 'edited' : 'moved', cellId }, by);
  }

  moved(cellId: string, by: Author): void {
    this.emit({ kind: 'moved', cellId }, by);
  }

  /** The burst is over: what was taken out and not put back is deleted. */
  end(): void {
    for (const [cellId, { by }] of this.takenOut) {
      this.emit({ kind: 'deleted', cellId }, by);
    }
    this.takenOut.clear();
  }
}
