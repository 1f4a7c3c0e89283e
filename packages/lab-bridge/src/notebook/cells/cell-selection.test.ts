import { describe, expect, it } from 'vitest';
import { selectCells } from './cell-selection.js';

const ids = ['a', 'b', 'c', 'd'];
const long = ['abcd1234-x', 'abcd1234-y', 'f00dbeef-0'];

describe('selectCells', () => {
  it('gives every cell by default, and a range as a slice: from included, to left out, to past the end cut', () => {
    expect(selectCells(ids, {})).toEqual({ indexes: [0, 1, 2, 3] });
    expect(selectCells(ids, { from: 1, to: 3 })).toEqual({ indexes: [1, 2] });
    expect(selectCells(ids, { from: 2 })).toEqual({ indexes: [2, 3] });
    expect(selectCells(ids, { to: 99 })).toEqual({ indexes: [0, 1, 2, 3] });
    expect(selectCells(ids, { from: 2, to: 2 })).toEqual({ indexes: [] });
    expect(selectCells([], {})).toEqual({ indexes: [] });
  });

  it('gives cells by id, or by a start of an id one cell alone has, in notebook order', () => {
    expect(selectCells(ids, { cellIds: ['d', 'b', 'd'] })).toEqual({ indexes: [1, 3] });
    expect(selectCells(long, { cellIds: ['f00d', 'abcd1234-y', 'f00dbeef-0'] })).toEqual({ indexes: [1, 2] });
  });

  it('refuses a range past the end or backwards, ids that are not there or a start several share, and both ways at once', () => {
    expect(selectCells(ids, { from: 4 })).toEqual({
      code: 'bad_input',
      message: 'from 4 is past its last cell: it has 4 cells (indexes 0 to 3).'
    });
    expect(selectCells(ids, { from: 3, to: 1 })).toMatchObject({ code: 'bad_input', message: expect.stringContaining('before from') });
    expect(selectCells(ids, { cellIds: ['a', 'x', 'y'] })).toEqual({ code: 'not_found', message: 'it has no cell with id "x", "y".' });
    expect(selectCells(long, { cellIds: ['abcd1234'] })).toEqual({
      code: 'bad_input',
      message: `"abcd1234" is the start of 2 cells' ids ("abcd1234-x", "abcd1234-y"): give more of the id.`
    });
    expect(selectCells(ids, { cellIds: ['a'], from: 0 })).toMatchObject({
      code: 'bad_input',
      message: expect.stringContaining('not both')
    });
  });
});
