import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff.js';

const numbered = (count: number, from = 1) => Array.from({ length: count }, (_, at) => `line ${at + from}`);

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

  it('shows a change too large to match as its old lines removed and its new ones added', () => {
    const before = numbered(600).join('\n');
    const after = numbered(600).reverse().join('\n');
    const diff = lineDiff(before, after);
    expect(diff.filter((line) => line.kind === 'removed')).toHaveLength(600);
    expect(diff.filter((line) => line.kind === 'added')).toHaveLength(600);
    expect(diff.slice(0, 600).every((line) => line.kind === 'removed')).toBe(true);
  });
});
