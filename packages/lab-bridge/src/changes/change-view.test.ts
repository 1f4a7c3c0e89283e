import { describe, expect, it } from 'vitest';
import { cellChanges, type CellState } from './cell-changes.js';
import { entryView } from './change-view.js';
import { Journal } from './journal.js';

const cell = (id: string, source: string, type = 'code'): CellState => ({ id, type, source });
const clock = (time: number) => `t${time}`;

function recorded(before: CellState[], after: CellState[], journal = new Journal()) {
  return journal.record({
    tool: 'edit_notebook',
    agent: 'claude-code (a1b2)',
    notebook: 'n.ipynb',
    time: 5,
    cells: cellChanges(before, after)
  })!;
}

describe('entryView', () => {
  it('names the call, the agent, the time and what happened to each cell, counted from 1', () => {
    const before = [cell('a', 'a = 1'), cell('b', '# B', 'markdown'), cell('c', 'c')];
    const after = [cell('c', 'c'), cell('a', 'a = 2'), cell('n', 'new', 'markdown')];
    const view = entryView(recorded(before, after), clock);
    expect(view).toMatchObject({ id: 1, heading: '#1 edit_notebook · n.ipynb', detail: 'claude-code (a1b2) · t5 · 3 cells' });
    expect(view.cells.map((shown) => shown.title)).toEqual([
      'Cell 2 edited, moved from 1',
      'Cell 2 deleted (markdown)',
      'Cell 3 added (markdown)'
    ]);
    expect(view.cells.map((shown) => shown.diff)).toEqual([
      [
        { kind: 'removed', text: 'a = 1' },
        { kind: 'added', text: 'a = 2' }
      ],
      [{ kind: 'removed', text: '# B' }],
      [{ kind: 'added', text: 'new' }]
    ]);
    const moved = entryView(
      recorded([cell('a', 'a'), cell('b', 'b'), cell('c', 'c')], [cell('b', 'b'), cell('c', 'c'), cell('a', 'a')]),
      clock
    );
    expect(moved.cells).toEqual([{ title: 'Cell 3 moved from 1', diff: [] }]);
  });

  it('says a type change, a call taken back, and one whose sources the journal could not keep', () => {
    const journal = new Journal({ entries: 10, chars: 8 });
    const typed = recorded([cell('a', 'x')], [cell('a', 'x', 'markdown')], journal);
    expect(entryView(typed, clock).cells).toEqual([{ title: 'Cell 1 code → markdown', diff: [] }]);
    journal.markReverted([typed.id], 9);
    expect(entryView(journal.entry(typed.id)!, clock)).toMatchObject({
      reverted: 'Taken back at t9',
      detail: 'claude-code (a1b2) · t5 · 1 cell'
    });
    const big = recorded([cell('a', 'x')], [cell('a', 'much too long')], journal);
    expect(entryView(big, clock)).toMatchObject({
      note: expect.stringContaining('more text than the journal keeps'),
      cells: [{ title: 'Cell 1 changed', diff: [] }]
    });
  });

  it('names a code cell added or deleted without its type, and an entry not taken back without a reverted line, at the local time', () => {
    const view = entryView(recorded([cell('a', 'x')], [cell('n', 'y')]));
    expect(view).toEqual({
      id: 1,
      heading: '#1 edit_notebook · n.ipynb',
      detail: `claude-code (a1b2) · ${new Date(5).toLocaleTimeString()} · 2 cells`,
      cells: [
        { title: 'Cell 1 deleted', diff: [{ kind: 'removed', text: 'x' }] },
        { title: 'Cell 1 added', diff: [{ kind: 'added', text: 'y' }] }
      ]
    });
  });
});
