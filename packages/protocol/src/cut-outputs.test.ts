import { describe, expect, it } from 'vitest';
import { CUT_HINT, hasCutOutput } from './cut-outputs.js';

describe('hasCutOutput', () => {
  it('finds a cut of lines, of a long line or of traceback frames, at any depth of the answer', () => {
    expect(hasCutOutput({ cells: [{ outputs: [{ text: 'a\n[… 80 lines left out …]\nb' }] }] })).toBe(true);
    expect(hasCutOutput({ outputs: [{ text: 'xxx[… 100 characters left out]' }] })).toBe(true);
    expect(hasCutOutput({ traceback: '[… 2 earlier frames left out …]\nframe 2' })).toBe(true);
  });

  it('finds none in an answer without cuts, in a source that quotes a mark, or in a mark without its count', () => {
    expect(hasCutOutput({ success: true, cellCount: 2, cells: [{ id: 'a', outputs: [{ text: '42' }], executionCount: 1 }] })).toBe(false);
    expect(hasCutOutput({ cells: [{ source: 'print("[… 3 lines left out …]")' }] })).toBe(false);
    expect(hasCutOutput({ path: 'notes.md', content: 'a\n[… 3 lines left out …]\nb' })).toBe(false);
    expect(hasCutOutput({ outputs: [{ text: '[… lines left out …]' }] })).toBe(false);
    expect(hasCutOutput(null)).toBe(false);
    for (const value of [undefined, 3, true, {}, [], { outputs: [{ text: undefined, count: 3 }] }]) {
      expect(hasCutOutput(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('finds one cut output among others', () => {
    expect(hasCutOutput({ outputs: [{ text: '42' }, { text: '[… 3 lines left out …]' }], executionCount: 1 })).toBe(true);
    expect(hasCutOutput([{ text: '42' }, ['[… 3 lines left out …]']])).toBe(true);
    expect(hasCutOutput({ cells: [{ source: ['[… 3 lines left out …]'] }, { outputs: [] }] })).toBe(false);
  });

  it('says how to get the rest: read_cell with the output index', () => {
    expect(CUT_HINT).toMatch(/read_cell with its outputIndex/);
  });
});
