/**
 * The journal of the agents' changes (SPEC §2.5): per call that changed cells,
 * the tool, the agent, the time, the notebook and each cell before and after
 * (cell-changes.ts), for the person to review and take back (revert-plan.ts).
 * Bounded in entries and in characters of source kept; the oldest go first. A
 * call too large to keep whole is listed without its sources and cannot be
 * taken back. It lives in the page's memory: gone with a reload, and a
 * notebook's entries go when it closes. Pure.
 */
import type { CellChange } from './cell-changes.js';

export interface JournalLimits {
  entries: number;
  /** Characters of source (before and after) kept over all entries. */
  chars: number;
}

export const DEFAULT_JOURNAL_LIMITS: JournalLimits = { entries: 200, chars: 4_000_000 };

export interface JournalEntry {
  /** Counts up from 1 in this page. */
  id: number;
  tool: string;
  agent: string;
  notebook: string;
  /** ms since the epoch. */
  time: number;
  cells: CellChange[];
  /** The sources were more than the journal keeps: `cells` name the cells only, and the call cannot be taken back. */
  sourcesDropped?: true;
  /** When the person took this call back. */
  revertedAt?: number;
}

export type NewEntry = Omit<JournalEntry, 'id' | 'sourcesDropped' | 'revertedAt'>;

export class Journal {
  private readonly kept: JournalEntry[] = [];
  private nextId = 1;
  private chars = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly limits: JournalLimits = DEFAULT_JOURNAL_LIMITS) {}

  /** Keeps the call's changes; a call that changed no cell leaves no entry. */
  record(entry: NewEntry): JournalEntry | undefined {
    if (entry.cells.length === 0) {
      return undefined;
    }
    const size = sizeOf(entry.cells);
    const kept: JournalEntry =
      size > this.limits.chars
        ? { ...entry, id: this.nextId++, cells: entry.cells.map(withoutSources), sourcesDropped: true }
        : { ...entry, id: this.nextId++ };
    this.kept.push(kept);
    this.chars += kept.sourcesDropped ? 0 : size;
    while (this.kept.length > this.limits.entries || this.chars > this.limits.chars) {
      this.drop(0);
    }
    this.changed();
    return kept;
  }

  /** Newest first, as the panel lists them. */
  entries(notebook?: string): JournalEntry[] {
    return this.kept.filter((entry) => notebook === undefined || entry.notebook === notebook).reverse();
  }

  entry(id: number): JournalEntry | undefined {
    return this.kept.find((entry) => entry.id === id);
  }

  /** The calls that changed the notebook after the given one, oldest first. */
  after(id: number): JournalEntry[] {
    const entry = this.entry(id);
    return entry ? this.kept.filter((later) => later.id > id && later.notebook === entry.notebook) : [];
  }

  markReverted(ids: readonly number[], time: number): void {
    for (const entry of this.kept) {
      if (ids.includes(entry.id)) {
        entry.revertedAt = time;
      }
    }
    this.changed();
  }

  renamed(from: string, to: string): void {
    for (const entry of this.kept) {
      if (entry.notebook === from) {
        entry.notebook = to;
      }
    }
    this.changed();
  }

  /** The notebook closed: its model, which the entries' cells belong to, is gone. */
  closed(notebook: string): void {
    for (let at = this.kept.length - 1; at >= 0; at--) {
      if (this.kept[at]!.notebook === notebook) {
        this.drop(at);
      }
    }
    this.changed();
  }

  /** Calls `listener` whenever the entries change; the function returned stops that. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private drop(at: number): void {
    const [gone] = this.kept.splice(at, 1);
    // Stryker disable next-line LogicalOperator: an entry without sources measures 0 characters, so subtracting it changes nothing.
    this.chars -= gone && !gone.sourcesDropped ? sizeOf(gone.cells) : 0;
  }

  private changed(): void {
    for (const listener of this.listeners) {
      listener();
    }
  }
}

function sizeOf(cells: readonly CellChange[]): number {
  return cells.reduce((sum, cell) => sum + (cell.before?.source.length ?? 0) + (cell.after?.source.length ?? 0), 0);
}

function withoutSources(cell: CellChange): CellChange {
  const strip = (side: CellChange['before']) => side && { ...side, source: '' };
  return { id: cell.id, before: strip(cell.before), after: strip(cell.after) };
}
