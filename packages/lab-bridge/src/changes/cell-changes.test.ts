import { describe, expect, it } from 'vitest';
import { cellChanges, type CellState } from './cell-changes.js';

const cell = (id: string, source = `${id}()`, type = 'code'): CellState => ({ id, type, source });
const cells = (...ids: string[]) => ids.map((id) => cell(id));

describe('cellChanges', () => {
  it('finds nothing when nothing changed', () => {
    expect(cellChanges(cells('a', 'b'), cells('a', 'b'))).toEqual([]);
  });

  it('gives an edited cell its source and type before and after', () => {
    expect(cellChanges(cells('a', 'b'), [cell('a'), cell('b', '# B', 'markdown')])).toEqual([
      { id: 'b', before: { index: 1, type: 'code', source: 'b()' }, after: { index: 1, type: 'markdown', source: '# B' } }
    ]);
  });

  it('finds a cell whose source alone changed, and one whose type alone changed', () => {
    expect(cellChanges(cells('a', 'b'), [cell('a', 'a(1)'), cell('b', 'b()', 'markdown')])).toEqual([
      { id: 'a', before: { index: 0, type: 'code', source: 'a()' }, after: { index: 0, type: 'code', source: 'a(1)' } },
      { id: 'b', before: { index: 1, type: 'code', source: 'b()' }, after: { index: 1, type: 'markdown', source: 'b()' } }
    ]);
  });

  it('gives an added cell no before and a deleted cell no after, without counting the cells they shift as moved', () => {
    expect(cellChanges(cells('a', 'b', 'c'), cells('new', 'a', 'c'))).toEqual([
      { id: 'new', before: null, after: { index: 0, type: 'code', source: 'new()' } },
      { id: 'b', before: { index: 1, type: 'code', source: 'b()' }, after: null }
    ]);
  });

  it('counts as moved only the cell whose order among the others changed', () => {
    expect(cellChanges(cells('a', 'b', 'c', 'd', 'e'), cells('b', 'c', 'd', 'a', 'e'))).toEqual([
      { id: 'a', before: { index: 0, type: 'code', source: 'a()' }, after: { index: 3, type: 'code', source: 'a()' } }
    ]);
    const reversed = cellChanges(cells('a', 'b', 'c'), cells('c', 'b', 'a'));
    expect(reversed).toHaveLength(2);
  });
});
