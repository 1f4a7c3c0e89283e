import { describe, expect, it } from 'vitest';
import { notSavedLine, unsavedDocuments } from './unsaved-on-stop.js';

describe('unsaved documents on stop', () => {
  it('finds the dirty documents of get_context, notebooks apart', () => {
    const context = {
      widgets: [
        { id: 'a', path: 'a.ipynb', dirty: true },
        { id: 'b', path: 'b.ipynb', dirty: false },
        { id: 'c', path: 'notes.md', dirty: true },
        { id: 'd', path: 'a.ipynb', dirty: true },
        { id: 'launcher' }
      ]
    };
    expect(unsavedDocuments(context)).toEqual({ notebooks: ['a.ipynb'], others: ['notes.md'] });
    expect(unsavedDocuments({})).toEqual({ notebooks: [], others: [] });
  });

  it('names what the stop leaves unsaved, and says nothing when all was saved', () => {
    expect(notSavedLine([], true)).toBeUndefined();
    expect(notSavedLine([{ path: 'a.ipynb', why: 'not saved, as asked' }], true)).toBe(
      'stopping with unsaved changes in the lite page, which go with its browser: a.ipynb (not saved, as asked). ' +
        'lite was started with --no-save-on-stop.'
    );
  });
});
