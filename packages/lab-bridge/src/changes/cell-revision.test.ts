import { describe, expect, it } from 'vitest';
import { REVISION_PATTERN } from '@jupyter-live-mcp/protocol';
import { cellRevision } from './cell-revision.js';

describe('cellRevision', () => {
  it('is short, of the documented shape, and the same for the same source', () => {
    for (const source of ['', 'x = 1', 'print("é✓")\n'.repeat(1000)]) {
      expect(cellRevision(source)).toMatch(REVISION_PATTERN);
      expect(cellRevision(source)).toBe(cellRevision(`${source}`));
    }
  });

  it('changes when the source changes, even by one character or only in whitespace', () => {
    const sources = ['x = 1', 'x = 2', 'x = 1 ', ' x = 1', 'x  = 1', 'x = 1\n', 'X = 1', ''];
    const revisions = new Set(sources.map(cellRevision));
    expect(revisions.size).toBe(sources.length);
  });

  it('gives ten thousand different sources ten thousand different revisions', () => {
    const revisions = new Set(Array.from({ length: 10_000 }, (_, i) => cellRevision(`df.head(${i})`)));
    expect(revisions.size).toBe(10_000);
  });

  it('is the same in every page and release: fixed values of the hash, seven characters even when it starts with zeros', () => {
    expect(cellRevision('')).toBe('l67o803');
    expect(cellRevision('print(1)')).toBe('rb0rwng');
    expect(cellRevision('x = 1\ny = 2')).toBe('2c3ry55');
    expect(cellRevision('x = 285')).toBe('03hltgg');
    expect(cellRevision('x = 344')).toBe('008l2fa');
    expect(cellRevision('x = 8245')).toBe('000p5ra');
    expect(cellRevision('x = 818')).toBe('4o800s1');
  });
});
