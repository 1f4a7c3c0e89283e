/**
 * A notebook's cells as a short list, for results that show where things are
 * without sending sources back: per cell its id, index, type, execution count
 * (code cells) and the first line of its source. Pure.
 */

export interface CellOutline {
  id: string;
  index: number;
  type: string;
  executionCount?: number | null;
  /** The first line that is not blank, cut to FIRST_LINE_CHARS; "…" says there is more. */
  firstLine: string;
}

export const FIRST_LINE_CHARS = 80;

export function cellOutline(
  cell: { id: string; type: string; source: string; executionCount?: number | null },
  index: number
): CellOutline {
  return {
    id: cell.id,
    index,
    type: cell.type,
    ...(cell.type === 'code' ? { executionCount: cell.executionCount ?? null } : {}),
    firstLine: firstLine(cell.source)
  };
}

export function firstLine(source: string): string {
  const text = source.replace(/^\s*\n/, '').trimEnd();
  const end = text.indexOf('\n');
  const line = (end < 0 ? text : text.slice(0, end)).trimEnd();
  if (line.length > FIRST_LINE_CHARS) {
    return `${line.slice(0, FIRST_LINE_CHARS - 1)}…`;
  }
  return end < 0 ? line : `${line} …`;
}
