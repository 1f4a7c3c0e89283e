import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellChanges, type CellState } from './cell-changes.js';
import { Journal } from './journal.js';
import { applySteps, planJournalRevert, planRevert } from './revert-plan.js';

const cell = (id: string, source: string, type = 'code'): CellState => ({ id, type, source });

/** Three agent calls on one notebook, each recorded as the bridge records them, and the cells they leave. */
function threeCalls() {
  const journal = new Journal();
  const start = [cell('a', 'a = 1'), cell('b', 'b = 2'), cell('c', 'c = 3')];
  const first = [cell('a', 'a = 10'), start[1]!, start[2]!];
  const second = [first[0]!, cell('new', 'print(a)'), cell('b', '## B', 'markdown')];
  const third = [second[0]!, second[1]!, second[2]!, cell('d', 'd = 4')];
  let before = start;
  for (const [tool, after] of [
    ['edit_cell', first],
    ['edit_notebook', second],
    ['add_cell', third]
  ] as const) {
    journal.record({ tool, agent: 'agent-1', notebook: 'n.ipynb', time: 1000, cells: cellChanges(before, after) });
    before = after;
  }
  return { journal, start, cells: third };
}

describe('planRevert', () => {
  it("takes back exactly the middle call's cells and leaves the others' changes", () => {
    const { journal, cells } = threeCalls();
    const plan = planRevert([journal.entry(2)!], cells, journal.after(2));
    expect(plan.ok).toBe(true);
    if (plan.ok) {
      expect(applySteps(cells, plan.steps)).toEqual([cell('a', 'a = 10'), cell('b', 'b = 2'), cell('c', 'c = 3'), cell('d', 'd = 4')]);
      expect(plan.entries).toEqual([2]);
    }
  });

  it('takes back everything since a call, newest first, to the notebook as it was before it', () => {
    const { journal, start, cells } = threeCalls();
    const plan = planRevert([journal.entry(3)!, journal.entry(2)!, journal.entry(1)!], cells);
    expect(plan.ok && applySteps(cells, plan.steps)).toEqual(start);
  });

  it('refuses, naming the cell and the person, where the person changed a cell of the call since', () => {
    const { journal, cells } = threeCalls();
    const typed = cells.map((c) => (c.id === 'new' ? cell('new', 'print(a, "mine")') : c));
    expect(planRevert([journal.entry(2)!], typed, journal.after(2))).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^call #2 \(edit_notebook\) was not taken back, nothing changed: cell 2 "print\(a, "mine"\)" \(by the person\) changed since\./
      ),
      blocked: [{ cellId: 'new' }]
    });
  });

  it('refuses, naming the later call, where a later agent call changed a cell of it', () => {
    const journal = new Journal();
    const one = [cell('a', '1')];
    const two = [cell('a', '2')];
    const three = [cell('a', '3')];
    journal.record({ tool: 'edit_cell', agent: 'x', notebook: 'n.ipynb', time: 1, cells: cellChanges(one, two) });
    journal.record({ tool: 'edit_cell', agent: 'x', notebook: 'n.ipynb', time: 2, cells: cellChanges(two, three) });
    expect(planRevert([journal.entry(1)!], three, journal.after(1))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('cell 1 "3" (by call #2) changed since'),
      blocked: [{ cellId: 'a', byEntry: 2 }]
    });
  });

  it('refuses a deleted cell someone put back, and a call taken back already', () => {
    const journal = new Journal();
    journal.record({ tool: 'delete_cell', agent: 'x', notebook: 'n.ipynb', time: 1, cells: cellChanges([cell('a', '1')], []) });
    expect(planRevert([journal.entry(1)!], [cell('a', 'again')])).toMatchObject({ ok: false, blocked: [{ cellId: 'a' }] });
    const plan = planRevert([journal.entry(1)!], []);
    expect(plan.ok && applySteps([], plan.steps)).toEqual([cell('a', '1')]);
    journal.markReverted([1], Date.UTC(2026, 0, 1, 12));
    expect(planRevert([journal.entry(1)!], [cell('a', '1')])).toMatchObject({
      ok: false,
      reason: expect.stringContaining('call #1 (delete_cell) was taken back already'),
      blocked: []
    });
  });

  it('moves a moved cell back and refuses a call whose sources the journal could not keep', () => {
    const moved = new Journal();
    const before = [cell('a', 'a'), cell('b', 'b'), cell('c', 'c')];
    const after = [cell('b', 'b'), cell('c', 'c'), cell('a', 'a')];
    moved.record({ tool: 'edit_notebook', agent: 'x', notebook: 'n.ipynb', time: 1, cells: cellChanges(before, after) });
    const plan = planRevert([moved.entry(1)!], after);
    expect(plan.ok && applySteps(after, plan.steps)).toEqual(before);

    const small = new Journal({ entries: 10, chars: 5 });
    small.record({
      tool: 'edit_cell',
      agent: 'x',
      notebook: 'n.ipynb',
      time: 1,
      cells: cellChanges([cell('a', '')], [cell('a', 'too long')])
    });
    expect(planRevert([small.entry(1)!], [cell('a', 'too long')])).toMatchObject({
      ok: false,
      reason: expect.stringContaining('more text than the journal keeps')
    });
  });
});

describe('planRevert, more cases', () => {
  const record = (journal: Journal, before: CellState[], after: CellState[]) =>
    journal.record({ tool: 'edit_notebook', agent: 'x', notebook: 'n.ipynb', time: 1, cells: cellChanges(before, after) });

  it('takes back any call exactly: the notebook is as it was before it', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const cellOf = fc.record({
      id: fc.constantFrom(...ids),
      type: fc.constantFrom('code', 'markdown'),
      source: fc.constantFrom('1', '2', 'x\ny')
    });
    const notebook = fc.uniqueArray(cellOf, { selector: (c) => c.id, maxLength: 6 });
    fc.assert(
      fc.property(notebook, notebook, (before, after) => {
        const entry = record(new Journal(), before, after);
        fc.pre(entry !== undefined);
        const plan = planRevert([entry], after);
        expect(plan.ok && applySteps(after, plan.steps)).toEqual(before);
      }),
      { numRuns: 300 }
    );
  });

  it('puts back in order a cell moved among the others that ended at its old index, and two cells moved past each other', () => {
    const c = (id: string) => cell(id, id);
    const dragged = [c('a'), c('f')];
    const plan = planRevert([record(new Journal(), [c('e'), c('f'), c('a')], dragged)!], dragged);
    expect(plan.ok && applySteps(dragged, plan.steps)).toEqual([c('e'), c('f'), c('a')]);
    const swapped = [c('d'), c('c'), c('a'), c('b')];
    const back = planRevert([record(new Journal(), [c('a'), c('b'), c('c'), c('d')], swapped)!], swapped);
    expect(back.ok && applySteps(swapped, back.steps)).toEqual([c('a'), c('b'), c('c'), c('d')]);
    // Only the cells the call moved are moved back (c and d), never the others.
    expect(back.ok && back.steps).toEqual([
      { op: 'move', cellId: 'd', index: 3 },
      { op: 'move', cellId: 'c', index: 3 },
      { op: 'move', cellId: 'c', index: 2 }
    ]);
  });

  it('takes back an edit with one step per thing it changed, and nothing else', () => {
    const before = [cell('a', 'a = 1'), cell('b', '# B', 'markdown')];
    const after = [cell('a', 'a = 2'), cell('b', '# B', 'code')];
    expect(planRevert([record(new Journal(), before, after)!], after)).toEqual({
      ok: true,
      steps: [
        { op: 'setSource', cellId: 'a', source: 'a = 1' },
        { op: 'setType', cellId: 'b', type: 'markdown' }
      ],
      entries: [1]
    });
    const added = [...before, cell('n', 'new')];
    expect(planRevert([record(new Journal(), before, added)!], added)).toEqual({
      ok: true,
      steps: [{ op: 'delete', cellId: 'n' }],
      entries: [1]
    });
  });

  it('names every cell changed since, and who changed each: the newest call not taken back that touched it, else the person', () => {
    const journal = new Journal();
    const one = [cell('a', '1'), cell('b', '1'), cell('c', '1')];
    const two = [cell('a', '2'), cell('b', '2'), cell('c', '2')];
    const three = [cell('a', '3'), cell('b', '3'), cell('c', '2')];
    const four = [cell('a', '4'), cell('b', '3'), cell('c', '2')];
    record(journal, one, two);
    record(journal, two, three);
    record(journal, three, four);
    journal.markReverted([3], 5);
    const now = [cell('a', '3'), cell('b', '3'), cell('c', 'typed', 'markdown')];
    expect(planRevert([journal.entry(1)!], now, journal.after(1))).toEqual({
      ok: false,
      reason:
        'call #1 (edit_notebook) was not taken back, nothing changed: cell 1 "3" (by call #2), cell 2 "3" (by call #2), ' +
        'cell 3 "typed" (by the person) changed since. Take those changes back first, or change the cells by hand.',
      blocked: [{ cellId: 'a', byEntry: 2 }, { cellId: 'b', byEntry: 2 }, { cellId: 'c' }]
    });
    const twice = new Journal();
    record(twice, [cell('a', '1')], [cell('a', '2')]);
    record(twice, [cell('a', '2')], [cell('a', '3')]);
    record(twice, [cell('a', '3')], [cell('a', '4')]);
    expect(planRevert([twice.entry(1)!], [cell('a', '4')], twice.after(1))).toMatchObject({ blocked: [{ cellId: 'a', byEntry: 3 }] });
    expect(planRevert([journal.entry(2)!], [cell('a', '3'), cell('b', '3', 'markdown'), cell('c', '2')], journal.after(2))).toMatchObject({
      ok: false,
      blocked: [{ cellId: 'b' }]
    });
  });

  it('refuses a call whose sources the journal could not keep, blocking no cell', () => {
    const small = new Journal({ entries: 10, chars: 5 });
    const entry = record(small, [cell('a', '')], [cell('a', 'too long')]);
    expect(planRevert([entry!], [cell('a', 'too long')])).toEqual({
      ok: false,
      reason:
        "call #1 (edit_notebook) changed more text than the journal keeps, so it cannot be taken back here: use the notebook's undo or its checkpoints.",
      blocked: []
    });
  });
});

describe('planJournalRevert', () => {
  it('takes back one call, or it and the later calls not taken back yet, newest first', () => {
    const { journal, start, cells } = threeCalls();
    expect(planJournalRevert(journal, 2, 'call', cells)).toMatchObject({ ok: true, entries: [2] });
    const one = planJournalRevert(journal, 3, 'call', cells);
    expect(one.ok && applySteps(cells, one.steps)).toEqual(cells.slice(0, 3));
    journal.markReverted([3], 2000);
    const since = planJournalRevert(journal, 1, 'since', cells.slice(0, 3));
    expect(since).toMatchObject({ ok: true, entries: [2, 1] });
    expect(since.ok && applySteps(cells.slice(0, 3), since.steps)).toEqual(start);
  });

  it('refuses the call itself taken back already, and a call no longer in the journal', () => {
    const { journal, cells } = threeCalls();
    journal.markReverted([2], Date.UTC(2026, 0, 1, 12));
    for (const scope of ['call', 'since'] as const) {
      expect(planJournalRevert(journal, 2, scope, cells)).toMatchObject({
        ok: false,
        reason: expect.stringContaining('call #2 (edit_notebook) was taken back already')
      });
    }
    expect(planJournalRevert(journal, 9, 'call', cells)).toEqual({
      ok: false,
      reason: 'call #9 is no longer in the journal (its notebook closed, or newer calls took its place), so it cannot be taken back here.',
      blocked: []
    });
  });

  it('names a cell the person deleted since, and cuts a long first line', () => {
    const { journal, cells } = threeCalls();
    expect(planJournalRevert(journal, 1, 'call', cells.slice(1))).toMatchObject({
      reason: expect.stringContaining('deleted cell "a" (by the person)')
    });
    const forty = cells.map((c) => (c.id === 'd' ? cell('d', 'y'.repeat(40)) : c));
    expect(planJournalRevert(journal, 3, 'call', forty)).toMatchObject({
      reason: expect.stringContaining(`cell 4 "${'y'.repeat(40)}" (by the person)`)
    });
    const long = cells.map((c) => (c.id === 'd' ? cell('d', `${'x'.repeat(50)}\nsecond line`) : c));
    expect(planJournalRevert(journal, 3, 'call', long)).toMatchObject({
      reason: expect.stringContaining(`cell 4 "${'x'.repeat(40)}…" (by the person)`)
    });
  });
});
