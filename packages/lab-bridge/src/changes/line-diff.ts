/**
 * A cell's source before and after a call, line by line, as the "Agent
 * changes" panel shows it: lines removed, added and (a few, around the
 * changes) kept, the longer unchanged runs folded into a count. The lines
 * between the common start and end are matched by their longest common
 * subsequence; a change too large to match in the page's time is shown as
 * all its old lines removed and all its new ones added. Pure.
 */

export type DiffLine = { kind: 'same' | 'removed' | 'added'; text: string } | { kind: 'folded'; lines: number };

/** Unchanged lines shown on each side of a change. */
const CONTEXT = 2;
/** At most this many line pairs are compared: beyond it the middle is shown replaced whole. */
const MAX_COMPARED = 250_000;

export function lineDiff(before: string, after: string): DiffLine[] {
  return fold(matchLines(lines(before), lines(after)));
}

/** An empty source has no lines (a cell added or deleted shows only what it held). */
function lines(source: string): string[] {
  return source === '' ? [] : source.split('\n');
}

type Plain = Extract<DiffLine, { text: string }>;

function matchLines(a: readonly string[], b: readonly string[]): Plain[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) {
    start++;
  }
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) {
    end++;
  }
  const same = (text: string): Plain => ({ kind: 'same', text });
  const middle = middleOf(a.slice(start, a.length - end), b.slice(start, b.length - end));
  return [...a.slice(0, start).map(same), ...middle, ...a.slice(a.length - end).map(same)];
}

function middleOf(a: readonly string[], b: readonly string[]): Plain[] {
  const removed = (text: string): Plain => ({ kind: 'removed', text });
  const added = (text: string): Plain => ({ kind: 'added', text });
  if (a.length === 0 || b.length === 0 || a.length * b.length > MAX_COMPARED) {
    return [...a.map(removed), ...b.map(added)];
  }
  // common[i][j]: the longest common subsequence of a[i..] and b[j..].
  const width = b.length + 1;
  const common = new Uint32Array((a.length + 1) * width);
  // Stryker disable next-line ArithmeticOperator: rows past the last line read as no match, as the last row itself does.
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i * width + j] =
        a[i] === b[j] ? common[(i + 1) * width + j + 1]! + 1 : Math.max(common[(i + 1) * width + j]!, common[i * width + j + 1]!);
    }
  }
  const out: Plain[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i++]! });
      j++;
    } else if (common[(i + 1) * width + j]! >= common[i * width + j + 1]!) {
      out.push(removed(a[i++]!));
    } else {
      out.push(added(b[j++]!));
    }
  }
  return [...out, ...a.slice(i).map(removed), ...b.slice(j).map(added)];
}

/** Keeps CONTEXT unchanged lines next to each change; a longer unchanged run between or around them becomes a count. */
function fold(diff: readonly Plain[]): DiffLine[] {
  const near = diff.map((_, at) => diff.slice(Math.max(0, at - CONTEXT), at + CONTEXT + 1).some((line) => line.kind !== 'same'));
  const out: DiffLine[] = [];
  for (const [at, line] of diff.entries()) {
    if (line.kind !== 'same' || near[at]) {
      out.push(line);
      continue;
    }
    const last = out[out.length - 1];
    if (last?.kind === 'folded') {
      last.lines++;
    } else {
      out.push({ kind: 'folded', lines: 1 });
    }
  }
  return out;
}
