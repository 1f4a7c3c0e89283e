import { describe, expect, it } from 'vitest';
import { MAX_SELECTION_CHARS } from '@jupyter-live-mcp/protocol';
import { editorState, offsetOf } from './editor-state.js';

const source = 'first line\nsecond line\nthird';

describe('editorState', () => {
  it('reports the cursor 1-based and no selection when nothing is selected', () => {
    const at = { line: 1, column: 3 };
    expect(editorState(source, at, { start: at, end: at })).toEqual({ cursor: { line: 2, column: 4 } });
  });

  it('reports the selected text across lines', () => {
    const state = editorState(source, { line: 1, column: 6 }, { start: { line: 0, column: 6 }, end: { line: 1, column: 6 } });
    expect(state.selection).toEqual({ start: { line: 1, column: 7 }, end: { line: 2, column: 7 }, text: 'line\nsecond' });
  });

  it('orders a selection made upwards', () => {
    const state = editorState(source, { line: 0, column: 0 }, { start: { line: 2, column: 5 }, end: { line: 2, column: 0 } });
    expect(state.selection).toMatchObject({ start: { line: 3, column: 1 }, end: { line: 3, column: 6 }, text: 'third' });
  });

  it('keeps at most 2000 characters of selected text and says so', () => {
    const long = 'x'.repeat(5000);
    const state = editorState(long, { line: 0, column: 0 }, { start: { line: 0, column: 0 }, end: { line: 0, column: 5000 } });
    expect(state.selection?.text).toHaveLength(MAX_SELECTION_CHARS);
    expect(state.selection?.truncated).toBe(true);
  });
});

describe('offsetOf', () => {
  it('clamps positions past the end of a line or of the text', () => {
    expect(offsetOf(source, { line: 0, column: 99 })).toBe(10);
    expect(offsetOf(source, { line: 9, column: 0 })).toBe(source.length);
  });
});
