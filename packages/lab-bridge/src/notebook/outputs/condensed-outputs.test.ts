import type * as nbformat from '@jupyterlab/nbformat';
import { beforeAll, describe, expect, it } from 'vitest';
import { condensedCount, condenseOutputs, condenseTraceback, headAndTail, loadHtmlTables, wholeOutput } from './condensed-outputs.js';

// The notebook tools load the tables' summaries before they run; these tests do it once.
beforeAll(() => loadHtmlTables());

const red = (text: string) => `\u001b[0;31m${text}\u001b[0m`;
const lines = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `line ${from + i}`);
const stream = (name: string, text: string | string[]): nbformat.IOutput => ({ output_type: 'stream', name, text });
// IPython 8.5's traceback (as the test machine's kernel gives it): a rule and a header line, one entry per frame, the error again.
const ipythonError: nbformat.IOutput = {
  output_type: 'error',
  ename: 'ZeroDivisionError',
  evalue: 'division by zero',
  traceback: [
    red('---------------------------------------------------------------------------'),
    `${red('ZeroDivisionError')}                         Traceback (most recent call last)`,
    ...Array.from({ length: 7 }, (_, i) => `Cell ${red(`In[${i}]`)}, line 1\n----> 1 f${i}()`),
    `${red('ZeroDivisionError')}: division by zero`
  ]
};

describe('condenseOutputs', () => {
  it('joins the streams of one name in the place of the first, without colours', () => {
    const outputs = [
      stream('stdout', 'a\n'),
      stream('stderr', red('warning\n')),
      { output_type: 'execute_result', execution_count: 1, data: { 'text/plain': '1' }, metadata: {} },
      stream('stdout', ['b\n', 'c\n'])
    ];
    // An execute result that has only text is that text.
    expect(condenseOutputs(outputs)).toEqual([{ stdout: 'a\nb\nc\n' }, { stderr: 'warning\n' }, '1']);
    expect(condensedCount(outputs)).toBe(3);
  });

  it('cuts a long stream to its first and last lines and says how many it left out', () => {
    const [condensed] = condenseOutputs([stream('stdout', `${lines(100).join('\n')}\n`)]);
    expect(condensed).toEqual({
      stdout: [...lines(8), '[… 84 lines left out …]', ...lines(8, 92), ''].join('\n')
    });
  });

  it('gives an error as "ename: evalue" and the last five frames, without the header or the error again', () => {
    expect(condenseOutputs([ipythonError])).toEqual([
      {
        error: 'ZeroDivisionError: division by zero',
        traceback: ['[… 2 earlier frames left out …]', ...[2, 3, 4, 5, 6].map((i) => `Cell In[${i}], line 1\n----> 1 f${i}()`)].join('\n')
      }
    ]);
    // Other IPython releases join the header into one entry, or into the first frame's.
    const header = (ipythonError as nbformat.IError).traceback.slice(0, 2);
    const joined = {
      ...ipythonError,
      traceback: [`${header.join('\n')}\nCell In[9], line 1`, 'ZeroDivisionError: division by zero']
    };
    expect(condenseOutputs([joined as nbformat.IOutput])).toEqual([
      { error: 'ZeroDivisionError: division by zero', traceback: 'Cell In[9], line 1' }
    ]);
    expect(condenseOutputs([{ output_type: 'error', ename: 'KeyboardInterrupt', evalue: '', traceback: [] }])).toEqual([
      { error: 'KeyboardInterrupt' }
    ]);
  });

  it('gives a rich output its text/plain, a summary of its HTML table and its picture, and drops the rest; a result has no type', () => {
    const html = '<table class="dataframe"><thead><tr><th></th><th>a</th></tr></thead><tbody><tr><th>0</th><td>1</td></tr></tbody></table>';
    expect(
      condenseOutputs([
        { output_type: 'execute_result', execution_count: 2, metadata: {}, data: { 'text/plain': '   a\n0  1', 'text/html': html } },
        {
          output_type: 'display_data',
          metadata: { 'image/png': { width: 640 } },
          data: { 'text/plain': '<Figure size 640x480 with 1 Axes>', 'image/png': 'iVBORw0K\n', 'image/svg+xml': ['<svg>', '</svg>'] }
        }
      ])
    ).toEqual([
      // The text's first line shows the column names: the summary does not repeat them.
      { text: '   a\n0  1', table: 'DataFrame: 1 rows × 1 columns' },
      // Beside the picture, the figure's repr is left out.
      { type: 'display', 'image/png': 'iVBORw0K\n' }
    ]);
    expect(
      condenseOutputs([{ output_type: 'display_data', metadata: {}, data: { 'text/plain': 'Sales by month', 'image/png': 'iVBORw0K' } }])
    ).toEqual([{ type: 'display', text: 'Sales by month', 'image/png': 'iVBORw0K' }]);
  });

  it('cuts the text/plain of an HTML table to its first lines, the text of another rich output as a stream', () => {
    const frame = ['   a', ...Array.from({ length: 12 }, (_, i) => `${i}  ${i * 2}`)].join('\n');
    const html = `<table class="dataframe"><thead><tr><th></th><th>a</th></tr></thead><tbody>${'<tr><th>0</th><td>1</td></tr>'.repeat(12)}</tbody></table>`;
    const [table, text] = condenseOutputs([
      { output_type: 'execute_result', execution_count: 1, metadata: {}, data: { 'text/plain': frame, 'text/html': html } },
      { output_type: 'execute_result', execution_count: 2, metadata: {}, data: { 'text/plain': lines(30).join('\n') } }
    ]);
    expect(table).toEqual({
      text: ['   a', '0  0', '1  2', '2  4', '[… 9 lines left out …]'].join('\n'),
      table: 'DataFrame: 12 rows × 1 columns'
    });
    expect(text).toBe([...lines(8), '[… 14 lines left out …]', ...lines(8, 22)].join('\n'));
  });

  it("keeps a short table's text/plain whole (up to 12 lines: ten rows, their names and a line to spare), and cuts the next", () => {
    const frameOf = (rows: number) =>
      ['       a    b', 'key', ...Array.from({ length: rows }, (_, i) => `k${i}   ${i}  ${i * 2}`)].join('\n');
    const html = (rows: number) =>
      `<table class="dataframe"><thead><tr><th></th><th>a</th><th>b</th></tr></thead><tbody>${'<tr><th>k</th><td>1</td><td>2</td></tr>'.repeat(rows)}</tbody></table>`;
    const condensed = (rows: number) =>
      condenseOutputs([
        { output_type: 'execute_result', execution_count: 1, metadata: {}, data: { 'text/plain': frameOf(rows), 'text/html': html(rows) } }
      ])[0];
    expect(condensed(4)).toEqual({ text: frameOf(4), table: 'DataFrame: 4 rows × 2 columns' });
    expect(condensed(10)).toEqual({ text: frameOf(10), table: 'DataFrame: 10 rows × 2 columns' });
    expect(condensed(11)).toEqual({
      text: [...frameOf(11).split('\n').slice(0, 4), '[… 9 lines left out …]'].join('\n'),
      table: 'DataFrame: 11 rows × 2 columns'
    });
  });

  it("names a table's columns when its text does not show them all", () => {
    const html =
      '<table class="dataframe"><thead><tr><th></th><th>alpha</th><th>beta</th></tr></thead><tbody><tr><th>0</th><td>1</td><td>2</td></tr></tbody></table>';
    // pandas cuts a wide frame's columns with "...".
    const [wide] = condenseOutputs([
      {
        output_type: 'execute_result',
        execution_count: 1,
        metadata: {},
        data: { 'text/plain': '   alpha  ...\n0      1  ...', 'text/html': html }
      }
    ]);
    expect(wide).toMatchObject({ table: 'DataFrame: 1 rows × 2 columns: alpha, beta' });
  });

  it("keeps only the raising line of a frame in one of the notebook's cells, and the context of library frames", () => {
    const traceback = [
      'Cell In[18], line 7\n      4 def prepare():\n      5     return load("b")\n----> 7 prepare()',
      'File /usr/lib/python3/dist-packages/lib.py:12, in load(name)\n     11 def load(name):\n---> 12     return table[name]',
      'Input In [3], line 2\n      1 x = 1\n----> 2 y\n      3 z'
    ];
    expect(condenseTraceback(traceback, 'KeyError: b')).toBe(
      [
        'Cell In[18], line 7\n----> 7 prepare()',
        'File /usr/lib/python3/dist-packages/lib.py:12, in load(name)\n     11 def load(name):\n---> 12     return table[name]',
        'Input In [3], line 2\n----> 2 y'
      ].join('\n')
    );
  });

  it('falls back to markdown text, else names the MIME types an output has', () => {
    expect(
      condenseOutputs([
        { output_type: 'display_data', metadata: {}, data: { 'text/markdown': ['# Hi'] } },
        { output_type: 'display_data', metadata: {}, data: { 'application/vnd.jupyter.widget-view+json': { model_id: 'm' } } }
      ])
    ).toEqual([
      { type: 'display', text: '# Hi' },
      { type: 'display', mimeTypes: ['application/vnd.jupyter.widget-view+json'] }
    ]);
  });

  it('reads as text only a string or a list of strings: an HTML or text/plain of other values is not summarised or shown', () => {
    expect(
      condenseOutputs([
        { output_type: 'display_data', metadata: {}, data: { 'text/html': ['<table><tr><td>1</td></tr></table>', 5] as never } },
        { output_type: 'display_data', metadata: {}, data: { 'text/html': { table: 1 } as never, 'text/plain': 'x' } }
      ])
    ).toEqual([
      { type: 'display', mimeTypes: ['text/html'] },
      { type: 'display', text: 'x' }
    ]);
  });
});

describe('headAndTail', () => {
  it('keeps a text of up to 20 lines whole, and cuts one of 21 to its first and last 8', () => {
    expect(headAndTail(lines(20).join('\n'))).toBe(lines(20).join('\n'));
    expect(headAndTail(`${lines(20).join('\n')}\n`)).toBe(`${lines(20).join('\n')}\n`);
    expect(headAndTail(lines(21).join('\n'))).toBe([...lines(8), '[… 5 lines left out …]', ...lines(8, 13)].join('\n'));
    expect(headAndTail('')).toBe('');
  });

  it('shows what a carriage return wrote over as a terminal does, and cuts long lines', () => {
    expect(headAndTail('10%\r50%\r100%\nwindows line\r\nend')).toBe('100%\nwindows line\nend');
    expect(headAndTail('x'.repeat(600))).toBe(`${'x'.repeat(500)}[… 100 characters left out]`);
  });

  it('keeps a line of exactly 500 characters whole, and cuts one of 501 by one character', () => {
    expect(headAndTail('x'.repeat(500))).toBe('x'.repeat(500));
    expect(headAndTail('x'.repeat(501))).toBe(`${'x'.repeat(500)}[… 1 characters left out]`);
  });
});

describe('condenseTraceback', () => {
  it('keeps a traceback of one entry (another kernel) as it is, cut by lines when long', () => {
    expect(condenseTraceback(['ReferenceError: x is not defined\n    at eval'], 'ReferenceError: x is not defined')).toBe(
      'ReferenceError: x is not defined\n    at eval'
    );
    expect(condenseTraceback([lines(50).join('\n')], 'E')).toContain('[… 34 lines left out …]');
  });

  it('keeps a traceback of exactly five frames whole, and says so of the one frame a sixth leaves out', () => {
    const frames = (count: number) => Array.from({ length: count }, (_, i) => `File lib.py:${i}, in f${i}`);
    expect(condenseTraceback(frames(5), 'E')).toBe(frames(5).join('\n'));
    expect(condenseTraceback(frames(6), 'E')).toBe(['[… 1 earlier frames left out …]', ...frames(6).slice(1)].join('\n'));
  });

  it('drops blank frames and trailing spaces, and the error line again however it is padded', () => {
    expect(condenseTraceback(['File a.py:1, in f   ', '', '\u001b[0;31m\u001b[0m', 'File b.py:2, in g', '  E: x  '], 'E: x')).toBe(
      'File a.py:1, in f\nFile b.py:2, in g'
    );
  });
});

describe('wholeOutput', () => {
  const outputs = [stream('stdout', 'a\n'), ipythonError, stream('stdout', red('b\n'))];

  it('gives a stream of the condensed list with all its text, and any other output in nbformat shape', () => {
    expect(wholeOutput(outputs, 0)).toEqual({ output_type: 'stream', name: 'stdout', text: 'a\nb\n' });
    expect(wholeOutput(outputs, 1)).toMatchObject({ output_type: 'error', ename: 'ZeroDivisionError' });
    expect((wholeOutput(outputs, 1) as nbformat.IError).traceback).toHaveLength(10);
    expect(wholeOutput(outputs, 2)).toBeUndefined();
  });
});
