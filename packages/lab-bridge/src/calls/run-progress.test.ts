import { describe, expect, it } from 'vitest';
import { RunProgressBoard, progressSentence } from './run-progress.js';

const at = (cellsRun: number) => ({ cellsRun, cells: 3, runningCellId: `c${cellsRun}`, runningIndex: cellsRun });

describe('RunProgressBoard', () => {
  it('gives the cell a run is at, none between its cells or once it ended', () => {
    const board = new RunProgressBoard();
    const run = board.start('a.ipynb');
    expect(board.of('a.ipynb')).toBeUndefined();
    run.at(at(0));
    expect(board.of('a.ipynb')).toEqual(at(0));
    expect(board.of('b.ipynb')).toBeUndefined();
    run.between();
    expect(board.of('a.ipynb')).toBeUndefined();
    run.at(at(1));
    run.end();
    expect(board.of('a.ipynb')).toBeUndefined();
  });

  it('gives none while two runs go on in one notebook (whose is whose cannot be told), and the other one after', () => {
    const board = new RunProgressBoard();
    const first = board.start('a.ipynb');
    const second = board.start('a.ipynb');
    first.at(at(0));
    second.at(at(2));
    expect(board.of('a.ipynb')).toBeUndefined();
    first.end();
    expect(board.of('a.ipynb')).toEqual(at(2));
  });

  it('says which cell of how many is running', () => {
    expect(progressSentence(at(1))).toBe('cell 2 of 3 is running ("c1", index 1)');
  });
});
