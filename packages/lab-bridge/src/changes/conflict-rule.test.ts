import { describe, expect, it } from 'vitest';
import { cellRevision } from './cell-revision.js';
import { describeConflicts, findConflicts, SeenRevisions, TYPING_WINDOW_MS, type CurrentCell } from './conflict-rule.js';

const now = 1_000_000;
const notebook: CurrentCell[] = [
  { id: 'a', index: 0, source: 'x = 1' },
  { id: 'b', index: 1, source: 'person typed this' },
  { id: 'c', index: 2, source: 'y = 2', lastKeystroke: now - 500 }
];
const current = (id: string) => notebook.find((cell) => cell.id === id);
/** The agent read a and b when a was 'x = 1' and b was 'b = 0'; it never read c. */
const seen = (id: string) => ({ a: cellRevision('x = 1'), b: cellRevision('b = 0') })[id];
const check = (targets: { cellId: string; ifRevision?: string }[], force = false) => findConflicts({ targets, current, seen, force, now });

describe('findConflicts', () => {
  it('lets through an edit of a cell as the agent last saw it, and of a cell it never read', () => {
    expect(check([{ cellId: 'a' }])).toEqual([]);
    const later = findConflicts({ targets: [{ cellId: 'c' }], current, seen, force: false, now: now + TYPING_WINDOW_MS });
    expect(later).toEqual([]);
  });

  it('refuses a cell changed since the agent saw it, giving its current source and revision', () => {
    expect(check([{ cellId: 'a' }, { cellId: 'b' }])).toEqual([
      { id: 'b', index: 1, reason: 'changed', revision: cellRevision('person typed this'), source: 'person typed this' }
    ]);
  });

  it('refuses a cell the person typed in during the last seconds, even one the agent never read', () => {
    expect(check([{ cellId: 'c' }])).toMatchObject([{ id: 'c', reason: 'typing', source: 'y = 2' }]);
  });

  it('makes the check exact with ifRevision, against the named revision and not what the agent saw', () => {
    expect(check([{ cellId: 'b', ifRevision: cellRevision('person typed this') }])).toEqual([]);
    expect(check([{ cellId: 'a', ifRevision: cellRevision('x = 0') }])).toMatchObject([{ id: 'a', reason: 'revision' }]);
  });

  it('skips every check with force, and leaves a cell the notebook lacks to the tool', () => {
    expect(check([{ cellId: 'b' }, { cellId: 'c' }], true)).toEqual([]);
    expect(check([{ cellId: 'nope' }])).toEqual([]);
  });

  it('counts the person as typing for TYPING_WINDOW_MS after a keystroke, to the millisecond', () => {
    const at = (elapsed: number) => findConflicts({ targets: [{ cellId: 'c' }], current, seen, force: false, now: now - 500 + elapsed });
    expect(at(TYPING_WINDOW_MS - 1)).toMatchObject([{ id: 'c', reason: 'typing' }]);
    expect(at(TYPING_WINDOW_MS)).toEqual([]);
  });

  it('names a cell targeted twice once', () => {
    expect(check([{ cellId: 'b' }, { cellId: 'b' }])).toHaveLength(1);
  });
});

describe('describeConflicts', () => {
  it('names each cell and why, and says what to do next', () => {
    const text = describeConflicts('edit_notebook', 'n.ipynb', check([{ cellId: 'b' }, { cellId: 'c' }]));
    expect(text).toContain('edit_notebook changed nothing in "n.ipynb"');
    expect(text).toContain('cell "b" (index 1) changed after you last read or wrote it');
    expect(text).toContain('cell "c" (index 2) is being typed in by the person right now');
    expect(text).toContain('wait a few seconds');
    expect(text).toContain('force: true');
    expect(describeConflicts('edit_cell', 'n.ipynb', check([{ cellId: 'b' }]))).not.toContain('wait a few seconds');
  });

  it('says it whole: the cells joined by semicolons, the wait only when the person is typing', () => {
    expect(describeConflicts('edit_notebook', 'n.ipynb', check([{ cellId: 'b' }, { cellId: 'c' }]))).toBe(
      'edit_notebook changed nothing in "n.ipynb": cell "b" (index 1) changed after you last read or wrote it; ' +
        'cell "c" (index 2) is being typed in by the person right now. The current source and revision of each are in `conflicts`: ' +
        'redo your edit on that text in your next call (pass ifRevision to make sure it is still that text), ' +
        'wait a few seconds for the person to finish typing, or pass force: true only if you mean to overwrite what is there.'
    );
    expect(describeConflicts('edit_cell', 'n.ipynb', check([{ cellId: 'b' }]))).toBe(
      'edit_cell changed nothing in "n.ipynb": cell "b" (index 1) changed after you last read or wrote it. ' +
        'The current source and revision of each are in `conflicts`: ' +
        'redo your edit on that text in your next call (pass ifRevision to make sure it is still that text), ' +
        'or pass force: true only if you mean to overwrite what is there.'
    );
  });
});

describe('SeenRevisions', () => {
  it('keeps what each agent saw of each notebook apart, follows a rename and forgets a closed notebook', () => {
    const revisions = new SeenRevisions();
    revisions.saw('n.ipynb', 'one', [{ id: 'a', source: 'x' }]);
    revisions.saw('n.ipynb', 'two', [{ id: 'a', source: 'y' }]);
    revisions.saw('m.ipynb', 'one', [{ id: 'a', source: 'z' }]);
    expect(revisions.seen('n.ipynb', 'one', 'a')).toBe(cellRevision('x'));
    expect(revisions.seen('n.ipynb', 'two', 'a')).toBe(cellRevision('y'));
    revisions.saw('n.ipynb', 'one', [{ id: 'a', source: 'x2' }]);
    expect(revisions.seen('n.ipynb', 'one', 'a')).toBe(cellRevision('x2'));
    revisions.renamed('n.ipynb', 'r.ipynb');
    expect(revisions.seen('n.ipynb', 'one', 'a')).toBeUndefined();
    expect(revisions.seen('r.ipynb', 'two', 'a')).toBe(cellRevision('y'));
    revisions.forgetAgent('two');
    expect(revisions.seen('r.ipynb', 'two', 'a')).toBeUndefined();
    revisions.closed('r.ipynb');
    expect(revisions.seen('r.ipynb', 'one', 'a')).toBeUndefined();
    expect(revisions.seen('m.ipynb', 'one', 'a')).toBe(cellRevision('z'));
  });

  it('adds what an agent reads later to what it saw before, cell by cell', () => {
    const revisions = new SeenRevisions();
    revisions.saw('n.ipynb', 'one', [{ id: 'a', source: 'x' }]);
    revisions.saw('n.ipynb', 'one', [{ id: 'b', source: 'y', revision: 'given1' }]);
    expect(revisions.seen('n.ipynb', 'one', 'a')).toBe(cellRevision('x'));
    expect(revisions.seen('n.ipynb', 'one', 'b')).toBe('given1');
  });

  it('remembers which agents saw a notebook that closed, until each reads it again', () => {
    const revisions = new SeenRevisions();
    revisions.saw('n.ipynb', 'one', [{ id: 'a', source: 'x' }]);
    revisions.saw('n.ipynb', 'two', [{ id: 'a', source: 'x' }]);
    expect(revisions.closedSince('n.ipynb', 'one')).toBe(false);
    revisions.closed('n.ipynb');
    revisions.closed('n.ipynb');
    expect(revisions.closedSince('n.ipynb', 'one')).toBe(true);
    expect(revisions.closedSince('n.ipynb', 'three')).toBe(false);
    revisions.renamed('n.ipynb', 'r.ipynb');
    expect(revisions.closedSince('r.ipynb', 'two')).toBe(true);
    revisions.saw('r.ipynb', 'one', []);
    expect(revisions.closedSince('r.ipynb', 'one')).toBe(false);
    expect(revisions.closedSince('r.ipynb', 'two')).toBe(true);
    revisions.forgetAgent('two');
    expect(revisions.closedSince('r.ipynb', 'two')).toBe(false);
  });
});
