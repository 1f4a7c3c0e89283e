import { describe, expect, it } from 'vitest';
import { CommandFailure } from '../commands/command-failure.js';
import { cellsToRun } from './run-selection.js';

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
});
