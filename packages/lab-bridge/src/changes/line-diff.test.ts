import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineDiff, type DiffLine } from './line-diff.js';

const numbered = (count: number, from = 1) => Array.from({ length: count }, (_, at) => `line ${at + from}`);

/** The length of a longest common subsequence, the plain way. */
function longestCommon(a: readonly string[], b: readonly string[]): number {
  let row = new Array<number>(b.length + 1).fill(0);
  for (const line of a) {
    const next = [0];
    for (const [j, other] of b.entries()) {
      next.push(line === other ? row[j]! + 1 : Math.max(row[j + 1]!, next[j]!));
    }
    row = next;
  }
  return row[b.length]!;
}

/**
 * Walks the diff over both sides and returns how many lines it keeps: each line shown is the next of its side, a folded
 * run is that many lines alike on both sides, nothing is left over, an unchanged line is shown exactly when a change is
 * at most two lines away.
 */
function walk(before: readonly string[], after: readonly string[], diff: readonly DiffLine[]): number {
  let i = 0;
  let j = 0;
  const kinds: ('shown' | 'folded' | 'change')[] = [];
  for (const line of diff) {
    if (line.kind === 'folded') {
      for (let k = 0; k < line.lines; k++) {
        expect(before[i++]).toBe(after[j++]);
        kinds.push('folded');
      }
    } else if (line.kind === 'same') {
      expect([before[i++], after[j++]]).toEqual([line.text, line.text]);
      kinds.push('shown');
    } else {
      expect(line.kind === 'removed' ? before[i++] : after[j++]).toBe(line.text);
      kinds.push('change');
    }
  }
  expect([i, j]).toEqual([before.length, after.length]);
  for (const [at, kind] of kinds.entries()) {
    if (kind !== 'change') {
      expect(kinds.slice(Math.max(0, at - 2), at + 3).includes('change')).toBe(kind === 'shown');
    }
  }
  return kinds.filter((kind) => kind !== 'change').length;
}

describe('lineDiff', () => {
  it('shows the lines removed and added between the unchanged ones', () => {
    expect(lineDiff('a = 1\nb = 2\nc = 3', 'a = 1\nb = 20\nc = 3\nd = 4')).toEqual([
      { kind: 'same', text: 'a = 1' },
      { kind: 'removed', text: 'b = 2' },
      { kind: 'added', text: 'b = 20' },
      { kind: 'same', text: 'c = 3' },
      { kind: 'added', text: 'd = 4' }
    ]);
  });

  it('shows a new cell all added and a deleted one all removed, with no empty line', () => {
    expect(lineDiff('', 'x = 1')).toEqual([{ kind: 'added', text: 'x = 1' }]);
    expect(lineDiff('x = 1\ny', '')).toEqual([
      { kind: 'removed', text: 'x = 1' },
      { kind: 'removed', text: 'y' }
    ]);
  });

  it('keeps the lines that stay, between changes too', () => {
    expect(lineDiff('a\nb\nc\nd', 'x\nb\ny\nd')).toEqual([
      { kind: 'removed', text: 'a' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'b' },
      { kind: 'removed', text: 'c' },
      { kind: 'added', text: 'y' },
      { kind: 'same', text: 'd' }
    ]);
  });

  it('folds long unchanged runs, keeping two lines next to each change', () => {
    const before = numbered(20).join('\n');
    const after = [...numbered(9), 'changed', ...numbered(10, 11)].join('\n');
    expect(lineDiff(before, after)).toEqual([
      { kind: 'folded', lines: 7 },
      { kind: 'same', text: 'line 8' },
      { kind: 'same', text: 'line 9' },
      { kind: 'removed', text: 'line 10' },
      { kind: 'added', text: 'changed' },
      { kind: 'same', text: 'line 11' },
      { kind: 'same', text: 'line 12' },
      { kind: 'folded', lines: 8 }
    ]);
  });

  it('matches the lines in between by a longest common subsequence, shows every line where it is and folds only far from a change', () => {
    const source = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 12 });
    fc.assert(
      fc.property(source, source, (before, after) => {
        expect(walk(before, after, lineDiff(before.join('\n'), after.join('\n')))).toBe(longestCommon(before, after));
      }),
      { numRuns: 400 }
    );
  });

  it('takes a repeated line once when it is added or removed next to its twin', () => {
    expect(lineDiff('x\nx', 'x')).toEqual([
      { kind: 'same', text: 'x' },
      { kind: 'removed', text: 'x' }
    ]);
    expect(lineDiff('x', 'x\nx\nx')).toEqual([
      { kind: 'same', text: 'x' },
      { kind: 'added', text: 'x' },
      { kind: 'added', text: 'x' }
    ]);
  });

  it('matches a changed middle of up to 250,000 line pairs, and replaces a larger one whole', () => {
    const before = ['first', ...numbered(498), 'last'];
    const matched = lineDiff(before.join('\n'), ['FIRST', ...numbered(498), 'LAST'].join('\n'));
    expect(matched).toEqual([
      { kind: 'removed', text: 'first' },
      { kind: 'added', text: 'FIRST' },
      { kind: 'same', text: 'line 1' },
      { kind: 'same', text: 'line 2' },
      { kind: 'folded', lines: 494 },
      { kind: 'same', text: 'line 497' },
      { kind: 'same', text: 'line 498' },
      { kind: 'removed', text: 'last' },
      { kind: 'added', text: 'LAST' }
    ]);
    const whole = lineDiff(before.join('\n'), ['FIRST', ...numbered(499), 'LAST'].join('\n'));
    expect(whole.filter((line) => line.kind === 'removed')).toHaveLength(500);
    expect(whole.filter((line) => line.kind === 'added')).toHaveLength(501);
  });

  it('shows a change too large to match as its old lines removed and its new ones added', () => {
    const before = numbered(600).join('\n');
    const after = numbered(600).reverse().join('\n');
    const diff = lineDiff(before, after);
    expect(diff.filter((line) => line.kind === 'removed')).toHaveLength(600);
    expect(diff.filter((line) => line.kind === 'added')).toHaveLength(600);
    expect(diff.slice(0, 600).every((line) => line.kind === 'removed')).toBe(true);
  });
});
