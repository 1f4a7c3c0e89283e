import { describe, expect, it } from 'vitest';
import { describeCellIds } from './cell-ids.js';

describe('describeCellIds', () => {
  it('lists the first ten ids and says how many more there are', () => {
    const cells = Array.from({ length: 12 }, (_, i) => ({ id: `c${i}`, type: i ? 'code' : 'markdown' }));
    expect(describeCellIds(cells)).toBe(
      'Its cells: "c0" (markdown), "c1" (code), "c2" (code), "c3" (code), "c4" (code), "c5" (code), "c6" (code), "c7" (code), ' +
        '"c8" (code), "c9" (code), and 2 more (read_notebook lists them all).'
    );
    expect(describeCellIds([{ id: 'a', type: 'raw' }])).toBe('Its cells: "a" (raw).');
    expect(describeCellIds([])).toBe('It has no cells.');
  });
});
