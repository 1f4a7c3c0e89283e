import { describe, expect, it } from 'vitest';
import { outputsForAgent, stripAnsi, tracebackText } from './nbformat-outputs.js';

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

describe('tracebackText', () => {
  it('joins the frames without colours', () => {
    expect(tracebackText([red('a'), 'b'])).toBe('a\nb');
    expect(tracebackText(undefined)).toBe('');
  });
});
