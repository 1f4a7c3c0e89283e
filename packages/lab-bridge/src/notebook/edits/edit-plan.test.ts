import { describe, expect, it } from 'vitest';
import { describeCellIds } from '../cells/cell-ids.js';
import { planEdits, type EditStep, type NotebookEdit, type PlannedCell } from './edit-plan.js';

const code = (id: string, blank = false): PlannedCell => ({ id, type: 'code', blank });
const CELLS = [code('a'), code('b'), { id: 'm', type: 'markdown', blank: false }, code('c')];

/** The ids the plan's steps leave, in order, with new cells as "+<edit index>": the steps played on a list. */
function play(cells: readonly PlannedCell[], steps: readonly EditStep[]): string[] {
  const list = cells.map((cell) => cell.id);
  steps.forEach((step, n) => {
    switch (step.kind) {
      case 'insert':
        list.splice(step.index, 0, `+${n}`);
        break;
      case 'delete':
        list.splice(step.index, 1);
        break;
      case 'move':
        list.splice(step.to, 0, ...list.splice(step.from, 1));
        break;
    }
  });
  return list;
}

function planned(cells: readonly PlannedCell[], edits: NotebookEdit[]) {
  const result = planEdits('nb.ipynb', cells, edits, describeCellIds);
  if (!('plan' in result)) {
    throw new Error(`refused: ${JSON.stringify(result.refused)}`);
  }
  return result.plan;
}

function refusal(cells: readonly PlannedCell[], edits: NotebookEdit[]) {
  const result = planEdits('nb.ipynb', cells, edits, describeCellIds);
  if (!('refused' in result)) {
    throw new Error('planned');
  }
  return result.refused;
}

describe('planEdits', () => {
  it('plays five edits in order (add, set_source, move, set_type, delete) as index steps', () => {
    const plan = planned(CELLS, [
      { op: 'add', content: 'x = 1', after: 'a' },
      { op: 'set_source', cellId: 'b', content: 'y = 2' },
      { op: 'move', cellId: 'c', at: 'start' },
      { op: 'set_type', cellId: 'm', cellType: 'code' },
      { op: 'delete', cellId: 'a' }
    ]);
    expect(plan.steps).toEqual([
      { kind: 'insert', index: 1, cellType: 'code', source: 'x = 1' },
      { kind: 'setSource', index: 2, source: 'y = 2' },
      { kind: 'move', from: 4, to: 0 },
      { kind: 'setType', index: 4, cellType: 'code' },
      { kind: 'delete', index: 1, cellId: 'a' }
    ]);
    expect(play(CELLS, plan.steps)).toEqual(['c', '+0', 'b', 'm']);
    expect(plan.added).toEqual([{ index: 1 }]);
    // The new cell and the one made again as code.
    expect(plan.renewed).toEqual([1, 3]);
    // Moved, added, new source, new type: every cell left is one an edit touched.
    expect(plan.changed).toEqual([0, 1, 2, 3]);
    expect(plan.replacedCellId).toBeUndefined();
  });

  it('says which cells an edit added or changed, and not those it left alone or moved to where they were', () => {
    const plan = planned(CELLS, [
      { op: 'set_source', cellId: 'b', content: 'z' },
      { op: 'move', cellId: 'a', at: 'start' }
    ]);
    expect(plan.changed).toEqual([1]);
  });

  it('lets later edits name a new cell by its key, and reports the new cells in the order of the adds', () => {
    const plan = planned(CELLS, [
      { op: 'add', content: 'second', key: 'two', at: 'end' },
      { op: 'add', content: 'first', key: 'one', before: 'two', cellType: 'markdown' },
      { op: 'set_source', cellId: 'one', content: '# First' },
      { op: 'move', cellId: 'two', before: 'a' }
    ]);
    expect(play(CELLS, plan.steps)).toEqual(['+0', 'a', 'b', 'm', 'c', '+1']);
    expect(plan.steps[1]).toEqual({ kind: 'insert', index: 4, cellType: 'markdown', source: 'first' });
    expect(plan.added).toEqual([
      { index: 0, key: 'two' },
      { index: 5, key: 'one' }
    ]);
  });

  it('adds at the end by default, at the start, or before and after a cell; a move after a cell lands below it', () => {
    expect(planned(CELLS, [{ op: 'add' }]).steps).toEqual([{ kind: 'insert', index: 4, cellType: 'code', source: '' }]);
    expect(planned(CELLS, [{ op: 'add', at: 'start' }]).added).toEqual([{ index: 0 }]);
    expect(planned(CELLS, [{ op: 'add', before: 'b' }]).added).toEqual([{ index: 1 }]);
    const moved = planned(CELLS, [{ op: 'move', cellId: 'a', after: 'm' }]);
    expect(moved.steps).toEqual([{ kind: 'move', from: 0, to: 2 }]);
    expect(play(CELLS, moved.steps)).toEqual(['b', 'm', 'a', 'c']);
  });

  it('leaves out steps that change nothing: a move to where the cell is, a type it has', () => {
    expect(
      planned(CELLS, [
        { op: 'move', cellId: 'b', after: 'a' },
        { op: 'set_type', cellId: 'm', cellType: 'markdown' }
      ]).steps
    ).toEqual([]);
  });

  it("has the added cells take a lone empty cell's place, unless an edit names it", () => {
    const fresh = [code('blank', true)];
    const plan = planned(fresh, [
      { op: 'add', content: '1' },
      { op: 'add', content: '2' }
    ]);
    expect(play(fresh, plan.steps)).toEqual(['+0', '+1']);
    expect(plan).toMatchObject({ replacedCellId: 'blank', added: [{ index: 0 }, { index: 1 }] });
    const kept = planned(fresh, [{ op: 'add', content: '1', before: 'blank' }]);
    expect(kept.replacedCellId).toBeUndefined();
    expect(play(fresh, kept.steps)).toEqual(['+0', 'blank']);
    // Only adds make it go; a cell with source never does.
    expect(planned(fresh, [{ op: 'set_type', cellId: 'blank', cellType: 'markdown' }]).replacedCellId).toBeUndefined();
    expect(planned([code('full')], [{ op: 'add' }]).replacedCellId).toBeUndefined();
    // Edits of the new cells themselves do not keep it.
    const edited = planned(fresh, [
      { op: 'add', key: 'k' },
      { op: 'set_source', cellId: 'k', content: 'x = 1' }
    ]);
    expect(edited.replacedCellId).toBe('blank');
    expect(play(fresh, edited.steps)).toEqual(['+0']);
  });

  it("has a cell added at the start take the lone empty cell's place too, the new cell kept", () => {
    const fresh = [code('blank', true)];
    const plan = planned(fresh, [{ op: 'add', content: '1', at: 'start' }]);
    expect(play(fresh, plan.steps)).toEqual(['+0']);
    expect(plan).toMatchObject({ replacedCellId: 'blank', added: [{ index: 0 }] });
  });

  it('keeps a blank first cell of a notebook with other cells when cells are added', () => {
    const cells = [code('blank', true), code('b')];
    for (const edit of [{ op: 'add' }, { op: 'add', at: 'start' }] as NotebookEdit[]) {
      const plan = planned(cells, [edit]);
      expect(plan.replacedCellId).toBeUndefined();
      expect(play(cells, plan.steps).filter((id) => !id.startsWith('+'))).toEqual(['blank', 'b']);
    }
    const blanks = [code('x', true), code('y', true)];
    expect(play(blanks, planned(blanks, [{ op: 'add' }]).steps)).toEqual(['x', 'y', '+0']);
  });

  it('deletes a cell added by the same call without telling the kernel of it', () => {
    const plan = planned(CELLS, [
      { op: 'add', key: 'tmp' },
      { op: 'delete', cellId: 'tmp' }
    ]);
    expect(plan.steps[1]).toStrictEqual({ kind: 'delete', index: 4 });
    expect(plan.added).toEqual([]);
    expect(planned(CELLS, [{ op: 'add' }, { op: 'add', key: 'k' }]).added).toStrictEqual([{ index: 4 }, { index: 5, key: 'k' }]);
  });

  it('refuses the first edit that names a cell not there, by its index, listing the ids', () => {
    expect(
      refusal(CELLS, [
        { op: 'add', key: 'k' },
        { op: 'set_source', cellId: 'nope', content: '' },
        { op: 'delete', cellId: 'also-nope' }
      ])
    ).toEqual({
      code: 'not_found',
      edit: 1,
      op: 'set_source',
      reason: expect.stringMatching(
        /^"nb\.ipynb" has no cell with id "nope"\. Its cells: "a" \(code\), "b" \(code\), "m" \(markdown\), "c" \(code\)\. Keys given so far in this call: "k"\.$/
      )
    });
    expect(refusal(CELLS, [{ op: 'add', after: 'x' }])).toMatchObject({ code: 'not_found', edit: 0, op: 'add' });
    expect(
      refusal(CELLS, [{ op: 'add', key: 'k' }, { op: 'add', key: 'j' }, { op: 'add' }, { op: 'delete', cellId: 'nope' }]).reason
    ).toMatch(/\. Keys given so far in this call: "k", "j"\.$/);
    expect(refusal(CELLS, [{ op: 'add' }, { op: 'delete', cellId: 'nope' }]).reason).toBe(
      '"nb.ipynb" has no cell with id "nope". Its cells: "a" (code), "b" (code), "m" (markdown), "c" (code).'
    );
    // A key given only by a later add is not there yet.
    expect(
      refusal(CELLS, [
        { op: 'add', before: 'later' },
        { op: 'add', key: 'later' }
      ])
    ).toMatchObject({ code: 'not_found', edit: 0 });
  });

  it('says when a cell was deleted by an earlier edit', () => {
    expect(
      refusal(CELLS, [
        { op: 'delete', cellId: 'b' },
        { op: 'move', cellId: 'b', at: 'end' }
      ])
    ).toEqual({ code: 'not_found', edit: 1, op: 'move', reason: 'cell "b" is gone: edits[0] deleted it.' });
  });

  it('refuses a position given twice or missing for a move, a move relative to itself, and keys that clash', () => {
    expect(refusal(CELLS, [{ op: 'add', before: 'a', at: 'end' }])).toMatchObject({
      code: 'bad_input',
      reason: 'give only one of before, after or at, not before and at.'
    });
    expect(refusal(CELLS, [{ op: 'move', cellId: 'a' }]).reason).toMatch(/^say where the cell goes/);
    expect(refusal(CELLS, [{ op: 'move', cellId: 'a', after: 'a' }]).reason).toBe('a cell cannot move before or after itself ("a").');
    expect(
      refusal(CELLS, [
        { op: 'add', key: 'k' },
        { op: 'add', key: 'k' }
      ])
    ).toMatchObject({ edit: 1, reason: expect.stringMatching(/key "k" is given to an earlier add/) });
    expect(refusal(CELLS, [{ op: 'add', key: 'b' }]).reason).toMatch(/key "b" is the id of a cell of the notebook/);
    expect(
      refusal(CELLS, [
        { op: 'add', key: 'k' },
        { op: 'move', cellId: 'k', before: 'k' }
      ]).reason
    ).toBe('a cell cannot move before or after itself ("k").');
    expect(
      refusal(CELLS, [
        { op: 'add', key: 'k1' },
        { op: 'add', key: 'k2' },
        { op: 'delete', cellId: 'nope' }
      ]).reason
    ).toMatch(/ Keys given so far in this call: "k1", "k2"\.$/);
  });

  it('reports the new cells in the order of the adds, not of where they land', () => {
    const plan = planned(CELLS, [
      { op: 'add', content: 'end' },
      { op: 'add', content: 'start', at: 'start' },
      { op: 'add', content: 'middle', after: 'b' }
    ]);
    expect(plan.added).toEqual([{ index: 6 }, { index: 0 }, { index: 3 }]);
  });
});
