import { describe, expect, it } from 'vitest';
import { progressSentence } from './run-progress.js';

const at = (cellsRun: number) => ({ cellsRun, cells: 3, runningCellId: `c${cellsRun}`, runningIndex: cellsRun });

describe('progressSentence', () => {
  it('says which cell of how many is running', () => {
    expect(progressSentence(at(1))).toBe('cell 2 of 3 is running ("c1", index 1)');
  });
});
