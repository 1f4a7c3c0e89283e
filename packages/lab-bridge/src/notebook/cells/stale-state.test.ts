import { describe, expect, it } from 'vitest';
import { nextRecord, staleState, type RunRecord, type StaleCell } from './stale-state.js';

const code = (id: string, executionCount: number | null, source = id): StaleCell => ({ id, type: 'code', source, executionCount });
const markdown = (id: string): StaleCell => ({ id, type: 'markdown', source: '# Notes', executionCount: undefined });
const noRecords = () => undefined;

describe('nextRecord', () => {
  it('records the source a run gave its count, and the source a cell first had with its count', () => {
    expect(nextRecord(undefined, { executionCount: 3, source: 'x' }, true)).toEqual({ executionCount: 3, source: 'x', seenRun: true });
    expect(nextRecord(undefined, { executionCount: 3, source: 'x' }, false)).toEqual({ executionCount: 3, source: 'x', seenRun: false });
  });

  it('keeps the record of a cell seen again with the same count (moved), and drops it when the count is cleared', () => {
    const record: RunRecord = { executionCount: 3, source: 'x', seenRun: true };
    expect(nextRecord(record, { executionCount: 3, source: 'edited' }, false)).toBe(record);
    expect(nextRecord(record, { executionCount: 4, source: 'edited' }, false)).toEqual({
      executionCount: 4,
      source: 'edited',
      seenRun: false
    });
    expect(nextRecord(record, { executionCount: null, source: 'x' }, true)).toBeUndefined();
  });
});

describe('staleState', () => {
  it('marks nothing in a notebook run top to bottom whose runs were seen, and says nothing', () => {
    const cells = [markdown('m'), code('a', 1), code('b', 2), code('empty', null, ' ')];
    const records = new Map(
      cells.map((cell) => [cell.id, { executionCount: cell.executionCount as number, source: cell.source, seenRun: true }])
    );
    expect(staleState(cells, (id) => records.get(id))).toEqual({ summary: {}, marks: new Map() });
  });

  it('marks a cell edited since its seen run, and one edited since the page first saw it with its outputs', () => {
    const records = new Map<string, RunRecord>([
      ['a', { executionCount: 1, source: 'old', seenRun: true }],
      ['b', { executionCount: 2, source: 'from the file', seenRun: false }],
      ['c', { executionCount: 3, source: 'c', seenRun: false }]
    ]);
    const { summary, marks } = staleState([code('a', 1, 'new'), code('b', 2, 'edited here'), code('c', 3)], (id) => records.get(id));
    expect(summary).toEqual({ editedSinceRun: ['a', 'b'], unknown: 1 });
    expect(marks.get('a')).toEqual({ editedSinceRun: true });
    expect(marks.has('c')).toBe(false);
  });

  it('never marks a cell edited on a guess: without a record of its count it is unknown', () => {
    expect(staleState([code('a', 1), code('b', 2)], noRecords).summary).toEqual({ unknown: 2 });
    const stale = new Map([['a', { executionCount: 7, source: 'other', seenRun: true }]]);
    expect(staleState([code('a', 1)], (id) => stale.get(id)).summary).toEqual({ unknown: 1 });
  });

  it('marks out of order a cell a cell above ran after, or one below a code cell that never ran', () => {
    const cells = [code('a', 3), markdown('m'), code('b', 1), code('c', 4), code('never', null), code('d', 5), code('e', null)];
    const { summary, marks } = staleState(cells, noRecords);
    expect(summary.outOfOrder).toEqual(['b', 'd']);
    expect(marks.get('b')).toEqual({ outOfOrder: true });
    expect(staleState([code('a', 2), code('b', 2)], noRecords).summary.outOfOrder).toEqual(['b']);
  });
});
