import { describe, expect, it } from 'vitest';
import { joinMultiline, outputsForAgent, stripAnsi, tracebackText } from './nbformat-outputs.js';

const red = (text: string) => `\u001b[0;31m${text}\u001b[0m`;

describe('stripAnsi', () => {
  it('removes colours, cursor moves and terminal titles, and keeps the text', () => {
    expect(stripAnsi(`${red('NameError')}: name 'x'\u001b[1;32m is\u001b[39;49m not defined`)).toBe("NameError: name 'x' is not defined");
    expect(stripAnsi('\u001b]0;title\u0007done\u001b[2K\u001b[1A')).toBe('done');
    expect(stripAnsi('plain')).toBe('plain');
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

describe('outputsForAgent, text', () => {
  it("joins a stream's lines and takes out their colours, whether the text is one string or a list", () => {
    expect(
      outputsForAgent([
        { output_type: 'stream', name: 'stdout', text: red('one') },
        { output_type: 'stream', name: 'stderr', text: [red('a\n'), 'b'] }
      ])
    ).toEqual([
      { output_type: 'stream', name: 'stdout', text: 'one' },
      { output_type: 'stream', name: 'stderr', text: 'a\nb' }
    ]);
  });

  it('takes the colours out of plain text only: HTML and other text keep every character', () => {
    const [output] = outputsForAgent([
      {
        output_type: 'execute_result',
        execution_count: 1,
        data: { 'text/plain': [red('Out'), ' 1'], 'text/html': `<pre>${red('x')}</pre>` },
        metadata: {}
      }
    ]);
    expect(output).toEqual({
      output_type: 'execute_result',
      execution_count: 1,
      data: { 'text/plain': 'Out 1', 'text/html': `<pre>${red('x')}</pre>` }
    });
    expect(outputsForAgent([{ output_type: 'display_data', data: { 'text/plain': red('one string') }, metadata: {} }])).toEqual([
      { output_type: 'display_data', data: { 'text/plain': 'one string' } }
    ]);
  });

  it('reads no text as empty', () => {
    expect(joinMultiline(undefined)).toBe('');
    expect(joinMultiline(['a', 'b'])).toBe('ab');
  });
});

describe('tracebackText', () => {
  it('joins the frames without colours', () => {
    expect(tracebackText([red('a'), 'b'])).toBe('a\nb');
    expect(tracebackText(undefined)).toBe('');
  });
});
