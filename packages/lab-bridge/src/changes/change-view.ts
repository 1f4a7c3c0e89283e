/**
 * A journal entry as the "Agent changes" panel shows it to the person: which
 * call, on which notebook, by which agent and when, whether it was taken
 * back, and per cell what happened to it (added, deleted, edited, moved, its
 * type changed; cells counted from 1 as the person counts them) with the diff
 * of its source. Pure.
 */
import type { CellChange } from './cell-changes.js';
import type { JournalEntry } from './journal.js';
import { lineDiff, type DiffLine } from './line-diff.js';

/** The panel's name, wherever the page names it (its tab, the status item's menu). */
export const AGENT_CHANGES_TITLE = 'Agent changes';

export interface CellChangeView {
  /** E.g. "Cell 3 edited, moved from 5" or "Cell 2 added (markdown)". */
  title: string;
  /** Empty where the source did not change. */
  diff: DiffLine[];
}

export interface EntryView {
  id: number;
  /** E.g. "#3 edit_cell · analysis.ipynb". */
  heading: string;
  /** Who and when, e.g. "claude-code (a1b2) · 14:02:11 · 2 cells". */
  detail: string;
  /** When the person took it back, if they did. */
  reverted?: string;
  /** Why the panel shows no diff (the journal could not keep the sources). */
  note?: string;
  cells: CellChangeView[];
}

export function entryView(entry: JournalEntry, clock: (time: number) => string = (time) => new Date(time).toLocaleTimeString()): EntryView {
  const count = `${entry.cells.length} ${entry.cells.length === 1 ? 'cell' : 'cells'}`;
  return {
    id: entry.id,
    heading: `#${entry.id} ${entry.tool} · ${entry.notebook}`,
    detail: `${entry.agent} · ${clock(entry.time)} · ${count}`,
    ...(entry.revertedAt !== undefined ? { reverted: `Taken back at ${clock(entry.revertedAt)}` } : {}),
    ...(entry.sourcesDropped ? { note: 'This call changed more text than the journal keeps: its cells are named, not shown.' } : {}),
    cells: entry.cells.map((cell) => ({
      title: cellTitle(cell),
      diff: entry.sourcesDropped ? [] : sourceDiff(cell)
    }))
  };
}

function cellTitle({ before, after }: CellChange): string {
  const typed = (type: string) => (type === 'code' ? '' : ` (${type})`);
  if (!before) {
    return `Cell ${after!.index + 1} added${typed(after!.type)}`;
  }
  if (!after) {
    return `Cell ${before.index + 1} deleted${typed(before.type)}`;
  }
  const what = [
    ...(after.source !== before.source ? ['edited'] : []),
    ...(after.type !== before.type ? [`${before.type} → ${after.type}`] : []),
    ...(after.index !== before.index ? [`moved from ${before.index + 1}`] : [])
  ];
  return `Cell ${after.index + 1} ${what.length ? what.join(', ') : 'changed'}`;
}

function sourceDiff({ before, after }: CellChange): DiffLine[] {
  const was = before?.source ?? '';
  const is = after?.source ?? '';
  return was === is ? [] : lineDiff(was, is);
}
