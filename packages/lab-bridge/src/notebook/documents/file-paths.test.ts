import { describe, expect, it } from 'vitest';
import { listingItems, notebookFileName, withExtension } from './file-paths.js';
import { newNotebookContent } from './new-notebook.js';

describe('file names', () => {
  it('adds .ipynb to a notebook name that lacks it', () => {
    expect(notebookFileName('analysis')).toBe('analysis.ipynb');
    expect(notebookFileName('sub/Analysis.IPYNB')).toBe('sub/Analysis.IPYNB');
    expect(notebookFileName('data.v2')).toBe('data.v2.ipynb');
  });

  it("adds a file type's extension only to a name without one", () => {
    expect(withExtension('notes', '.md')).toBe('notes.md');
    expect(withExtension('notes.txt', '.md')).toBe('notes.txt');
  });
});

describe('listingItems', () => {
  const items = [
    { name: 'b.txt', path: 'd/b.txt', type: 'file', size: 3, last_modified: '2026-01-01T00:00:00Z' },
    { name: '.hidden', path: 'd/.hidden', type: 'file' },
    { name: 'sub', path: 'd/sub', type: 'directory', size: null },
    { name: 'a.ipynb', path: 'd/a.ipynb', type: 'notebook' }
  ] as never[];

  it('lists folders first, then by name, without hidden names unless asked', () => {
    expect(listingItems(items, false)).toEqual([
      { name: 'sub', path: 'd/sub', type: 'directory' },
      { name: 'a.ipynb', path: 'd/a.ipynb', type: 'notebook' },
      { name: 'b.txt', path: 'd/b.txt', type: 'file', size: 3, lastModified: '2026-01-01T00:00:00Z' }
    ]);
    expect(listingItems(items, true).map((item) => item.name)).toContain('.hidden');
  });
});

describe('newNotebookContent', () => {
  it('is nbformat 4.5 with the kernelspec, so opening it starts that kernel without asking', () => {
    expect(newNotebookContent({ name: 'python3', displayName: 'Python 3', language: 'python' }, 'cell-1')).toEqual({
      cells: [{ cell_type: 'code', id: 'cell-1', source: '', metadata: {}, outputs: [], execution_count: null }],
      metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' }, language_info: { name: 'python' } },
      nbformat: 4,
      nbformat_minor: 5
    });
  });
});
