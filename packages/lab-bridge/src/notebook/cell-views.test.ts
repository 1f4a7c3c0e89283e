import { describe, expect, it } from 'vitest';
import { cellView, describeCellIds, hasCellIds, outputsForAgent, stripAnsi, tracebackText } from './cell-views.js';

const red = (text: string) => `\u001b[0;31m${text}\u001b[0m`;

describe('stripAnsi', () => {
  it('removes colours, cursor moves and terminal titles, and keeps the text', () => {
    expect(stripAnsi(`${red('NameError')}: name 'x'\u001b[1;32m is\u001b[39;49m not defined`)).toBe("NameError: name 'x' is not defined");
    expect(stripAnsi('\u001b]0;title\u0007done\u001b[2K\u001b[1A')).toBe('done');
    expect(stripAnsi('plain')).toBe('plain');
  });
});

describe('cellView', () => {
  it('gives a code cell its id, index, type, joined source, execution count and outputs', () => {
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
      4
    );
    expect(view).toEqual({
      id: 'c1',
      index: 4,
      type: 'code',
      source: 'x = 1\nx',
      executionCount: 3,
      outputs: [
        { output_type: 'execute_result', data: { 'text/plain': '1' }, execution_count: 3 },
        { output_type: 'stream', name: 'stdout', text: 'a\nb' }
      ]
    });
  });

  it('gives a markdown cell no execution count or outputs, and a cell without id an empty one', () => {
    expect(cellView({ cell_type: 'markdown', source: '# Title' }, 0)).toEqual({ id: '', index: 0, type: 'markdown', source: '# Title' });
    expect(cellView({ id: 'c', cell_type: 'code', source: '' }, 1)).toMatchObject({ executionCount: null, outputs: [] });
  });
});

describe('outputsForAgent', () => {
  it('keeps a picture where the image pipeline finds it, its lines joined, and keeps non-empty metadata', () => {
    const [output] = outputsForAgent([
      {
        output_type: 'display_data',
        data: { 'image/png': ['iVBORw0K\n', 'Ggo='], 'text/plain': '<Figure>' },
        metadata: { 'image/png': { width: 10 } }
      }
    ]);
    expect(output).toEqual({
      output_type: 'display_data',
      data: { 'image/png': 'iVBORw0K\nGgo=', 'text/plain': '<Figure>' },
      metadata: { 'image/png': { width: 10 } }
    });
  });

  it('takes the colours out of a traceback and leaves JSON data alone', () => {
    const [error, json] = outputsForAgent([
      { output_type: 'error', ename: 'E', evalue: 'v', traceback: [red('Traceback'), 'line'] },
      { output_type: 'display_data', data: { 'application/json': { a: 1 } }, metadata: {} }
    ]);
    expect(error).toEqual({ output_type: 'error', ename: 'E', evalue: 'v', traceback: ['Traceback', 'line'] });
    expect(json).toEqual({ output_type: 'display_data', data: { 'application/json': { a: 1 } } });
  });
});

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

describe('hasCellIds', () => {
  const cells = [{ id: 'a', cell_type: 'code', source: '', metadata: {}, outputs: [], execution_count: null }];
  it('is true from nbformat 4.5 on when every cell has an id', () => {
    expect(hasCellIds({ nbformat: 4, nbformat_minor: 5, cells })).toBe(true);
    expect(hasCellIds({ nbformat: 4, nbformat_minor: 4, cells })).toBe(false);
    expect(hasCellIds({ nbformat: 4, nbformat_minor: 5, cells: [{ cell_type: 'markdown', source: '', metadata: {} }] })).toBe(false);
  });
});

describe('tracebackText', () => {
  it('joins the frames without colours', () => {
    expect(tracebackText([red('a'), 'b'])).toBe('a\nb');
    expect(tracebackText(undefined)).toBe('');
  });
});
