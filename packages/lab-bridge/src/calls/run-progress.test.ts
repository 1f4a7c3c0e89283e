import { describe, expect, it } from 'vitest';
import { RunProgressBoard, progressSentence } from './run-progress.js';

const at = (cellsRun: number) => ({ cellsRun, cells: 3, runningCellId: `c${cellsRun}`, runningIndex: cellsRun });

describe('RunProgressBoard', () => {
  it("keeps each notebook's latest progress until its teller takes it back", () => {
    const board = new RunProgressBoard();
    const first = board.tell('a.ipynb', at(0));
    const second = board.tell('a.ipynb', at(1));
    board.tell('b.ipynb', at(2));
    // The first cell's end must not wipe the second's progress.
    first();
    expect(board.of('a.ipynb')).toEqual(at(1));
    second();
    expect(board.of('a.ipynb')).toBeUndefined();
    expect(board.of('b.ipynb')).toEqual(at(2));
  });

  it('says which cell of how many is running', () => {
    expect(progressSentence(at(1))).toBe('cell 2 of 3 is running ("c1", index 1)');
  });
});
