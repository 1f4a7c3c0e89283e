import { describe, expect, it } from 'vitest';
import { CommandFailure } from '../commands/command-failure.js';
import { cellsToRun, cellsToRunAfter } from './run-selection.js';

const CELLS = [
  { id: 'a', type: 'markdown' },
  { id: 'b', type: 'code' },
  { id: 'c', type: 'code' },
  { id: 'd', type: 'code' }
];
const select = (selection: Parameters<typeof cellsToRun>[3]) => cellsToRun('run_cells', 'nb.ipynb', CELLS, selection);

function failure(run: () => unknown): CommandFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof CommandFailure) {
      return error;
    }
    throw error;
  }
  throw new Error('no failure');
}

describe('cellsToRun', () => {
  it('runs every cell top to bottom, or a cell and those below it', () => {
    expect(select({ all: true })).toEqual(['a', 'b', 'c', 'd']);
    expect(select({ fromCellId: 'c' })).toEqual(['c', 'd']);
    expect(select({ fromCellId: 'a' })).toEqual(['a', 'b', 'c', 'd']);
  });

  it('runs listed cells in the order given', () => {
    expect(select({ cellIds: ['d', 'b'] })).toEqual(['d', 'b']);
  });

  it('refuses an id that is not there, listing the ids, and an id listed twice', () => {
    for (const selection of [{ cellIds: ['b', 'nope'] }, { fromCellId: 'nope' }]) {
      const error = failure(() => select(selection));
      expect(error.code).toBe('not_found');
      expect(error.message).toBe(
        'run_cells: "nb.ipynb" has no cell with id "nope". Its cells: "a" (markdown), "b" (code), "c" (code), "d" (code).'
      );
    }
    const twice = failure(() => select({ cellIds: ['b', 'c', 'b'] }));
    expect(twice).toMatchObject({ code: 'bad_input', message: 'run_cells: cellIds lists "b" twice; each cell runs once per call.' });
  });

  it('takes a start of an id that one cell alone has, refuses one that several share, and counts a cell twice by any of its names', () => {
    const cells = [
      { id: 'abcd1234-x', type: 'code' },
      { id: 'abcd1234-y', type: 'code' },
      { id: 'f00dbeef-0', type: 'code' }
    ];
    const run = (selection: Parameters<typeof cellsToRun>[3]) => cellsToRun('run_cells', 'nb.ipynb', cells, selection);
    expect(run({ cellIds: ['f00d', 'abcd1234-y'] })).toEqual(['f00dbeef-0', 'abcd1234-y']);
    expect(run({ fromCellId: 'abcd1234-y' })).toEqual(['abcd1234-y', 'f00dbeef-0']);
    expect(failure(() => run({ fromCellId: 'abcd1234' }))).toMatchObject({
      code: 'bad_input',
      message: `run_cells: "nb.ipynb": "abcd1234" is the start of 2 cells' ids ("abcd1234-x", "abcd1234-y"): give more of the id.`
    });
    expect(failure(() => run({ cellIds: ['f00dbeef', 'f00dbeef-0'] }))).toMatchObject({
      code: 'bad_input',
      message: 'run_cells: cellIds lists "f00dbeef-0" twice; each cell runs once per call.'
    });
  });
});

describe('the cells edit_notebook runs after its edits (run)', () => {
  const after = [{ id: 'a' }, { id: 'new' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];

  it('"edited": the cells added or changed, in the notebook\'s order, whatever the order of the edits', () => {
    expect(cellsToRunAfter('edited', after, [3, 1])).toEqual(['new', 'c']);
  });

  it('"fromFirstEdit": every cell from the first added or changed one down, the untouched ones too', () => {
    expect(cellsToRunAfter('fromFirstEdit', after, [3, 1])).toEqual(['new', 'b', 'c', 'd']);
  });

  it('runs nothing when the edits only deleted cells', () => {
    expect(cellsToRunAfter('edited', after, [])).toEqual([]);
    expect(cellsToRunAfter('fromFirstEdit', after, [])).toEqual([]);
  });
});
