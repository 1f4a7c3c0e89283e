import { describe, expect, it } from 'vitest';
import { cellRevision } from '../../changes/cell-revision.js';
import { cellView, hasCellIds } from './cell-views.js';

const red = (text: string) => `\u001b[0;31m${text}\u001b[0m`;

describe('cellView', () => {
  it('gives a code cell its id, index, joined source, execution count, condensed outputs and marks, and no type', () => {
    const view = cellView(
      {
        id: 'c1',
        cell_type: 'code',
        source: ['x = 1\n', 'x'],
        execution_count: 3,
        outputs: [
          { output_type: 'execute_result', data: { 'text/plain': ['1'] }, metadata: {}, execution_count: 3 },
          { output_type: 'stream', name: 'stdout', text: ['a\n', red('b')] }
        ]
      },
      4,
      { outOfOrder: true }
    );
    expect(view).toEqual({
      id: 'c1',
      index: 4,
      source: 'x = 1\nx',
      revision: cellRevision('x = 1\nx'),
      executionCount: 3,
      outputs: ['1', { stdout: 'a\nb' }],
      outOfOrder: true
    });
  });

  it('leaves out the metadata of a cell read from disk (trusted false and all)', () => {
    const cell = { id: 'c', cell_type: 'code', source: '1', metadata: { trusted: false }, execution_count: null, outputs: [] };
    // Never run: no execution count at all, not a null.
    expect(cellView(cell, 0)).toEqual({ id: 'c', index: 0, source: '1', revision: cellRevision('1') });
  });

  it('gives no index where the cells come in order from a known start', () => {
    expect(cellView({ id: 'c', cell_type: 'code', source: '1' }, undefined)).toEqual({ id: 'c', source: '1', revision: cellRevision('1') });
  });

  it('gives a markdown cell no execution count or outputs, a code cell without outputs none, and a cell without id an empty one', () => {
    expect(cellView({ cell_type: 'markdown', source: '# Title' }, 0)).toEqual({
      id: '',
      index: 0,
      type: 'markdown',
      source: '# Title',
      revision: cellRevision('# Title')
    });
    expect(cellView({ id: 'c', cell_type: 'code', source: '' }, 1)).toEqual({
      id: 'c',
      index: 1,
      source: '',
      revision: cellRevision('')
    });
  });
});

describe('hasCellIds', () => {
  const cells = [{ id: 'a', cell_type: 'code', source: '', metadata: {}, outputs: [], execution_count: null }];
  it('is true from nbformat 4.5 on when every cell has an id', () => {
    expect(hasCellIds({ nbformat: 4, nbformat_minor: 5, cells })).toBe(true);
    expect(hasCellIds({ nbformat: 4, nbformat_minor: 4, cells })).toBe(false);
    expect(hasCellIds({ nbformat: 4, nbformat_minor: 5, cells: [{ cell_type: 'markdown', source: '', metadata: {} }] })).toBe(false);
  });
});
