import { describe, expect, it } from 'vitest';
import { cellChanges, type CellState } from './cell-changes.js';
import { Journal, type NewEntry } from './journal.js';

const cell = (id: string, source: string): CellState => ({ id, type: 'code', source });
const call = (tool: string, before: CellState[], after: CellState[], notebook = 'n.ipynb'): NewEntry => ({
  tool,
  agent: 'agent-1',
  notebook,
  time: 1000,
  cells: cellChanges(before, after)
});

describe('Journal', () => {
  it('keeps each call that changed cells, newest first, and no entry for a call that changed none', () => {
    const journal = new Journal();
    journal.record(call('edit_cell', [cell('a', '1')], [cell('a', '2')]));
    expect(journal.record(call('read_notebook', [cell('a', '2')], [cell('a', '2')]))).toBeUndefined();
    journal.record(call('add_cell', [cell('a', '2')], [cell('a', '2'), cell('b', 'new')], 'other.ipynb'));
    expect(journal.entries().map((entry) => [entry.id, entry.tool])).toEqual([
      [2, 'add_cell'],
      [1, 'edit_cell']
    ]);
    expect(journal.entries('n.ipynb').map((entry) => entry.id)).toEqual([1]);
    expect(journal.entry(1)?.cells).toEqual([
      { id: 'a', before: { index: 0, type: 'code', source: '1' }, after: { index: 0, type: 'code', source: '2' } }
    ]);
  });

  it('drops the oldest entries past its bounds in count and in characters kept', () => {
    const byCount = new Journal({ entries: 2, chars: 1000 });
    for (const source of ['1', '2', '3']) {
      byCount.record(call('edit_cell', [cell('a', '0')], [cell('a', source)]));
    }
    expect(byCount.entries().map((entry) => entry.id)).toEqual([3, 2]);

    const bySize = new Journal({ entries: 10, chars: 100 });
    bySize.record(call('edit_cell', [cell('a', '')], [cell('a', 'x'.repeat(60))]));
    bySize.record(call('edit_cell', [cell('b', '')], [cell('b', 'y'.repeat(60))]));
    expect(bySize.entries().map((entry) => entry.id)).toEqual([2]);
  });

  it('keeps calls whose sources come to exactly its bound in characters, counting the text before as well as after', () => {
    const journal = new Journal({ entries: 10, chars: 100 });
    journal.record(call('edit_cell', [cell('a', 'x'.repeat(40))], [cell('a', 'y'.repeat(20))]));
    journal.record(call('delete_cell', [cell('a', 'y'.repeat(20)), cell('b', 'z'.repeat(40))], [cell('a', 'y'.repeat(20))]));
    expect(journal.entries().map((entry) => [entry.id, entry.sourcesDropped])).toEqual([
      [2, undefined],
      [1, undefined]
    ]);
    journal.record(call('delete_cell', [cell('a', 'y')], []));
    expect(journal.entries().map((entry) => entry.id)).toEqual([3, 2]);
    const exact = new Journal({ entries: 10, chars: 100 });
    expect(exact.record(call('edit_cell', [cell('a', 'x'.repeat(50))], [cell('a', 'y'.repeat(50))]))?.sourcesDropped).toBeUndefined();
  });

  it('lists a call larger than it keeps by its cells only, marked so it cannot be taken back', () => {
    const journal = new Journal({ entries: 10, chars: 100 });
    journal.record(call('edit_cell', [cell('small', '')], [cell('small', 'kept')]));
    const big = journal.record(call('edit_cell', [cell('a', '')], [cell('a', 'x'.repeat(500))]));
    expect(big).toMatchObject({ sourcesDropped: true, cells: [{ id: 'a', after: { source: '' } }] });
    expect(journal.entries().map((entry) => entry.id)).toEqual([2, 1]);
    expect(journal.record(call('edit_cell', [cell('a', '')], [cell('a', 'next')]))?.id).toBe(3);
  });

  it('follows a rename, forgets a closed notebook, marks reverted calls and tells its listeners', () => {
    const journal = new Journal();
    let told = 0;
    const stop = journal.subscribe(() => told++);
    journal.record(call('edit_cell', [cell('a', '1')], [cell('a', '2')]));
    journal.record(call('edit_cell', [cell('a', '1')], [cell('a', '2')], 'other.ipynb'));
    journal.record(call('edit_cell', [cell('a', '2')], [cell('a', '3')]));
    expect(journal.after(1).map((entry) => entry.id)).toEqual([3]);
    journal.markReverted([3], 5000);
    expect(journal.entry(3)?.revertedAt).toBe(5000);
    expect(journal.entry(1)?.revertedAt).toBeUndefined();
    expect(journal.after(99)).toEqual([]);
    journal.renamed('n.ipynb', 'renamed.ipynb');
    expect(journal.entries('renamed.ipynb').map((entry) => entry.id)).toEqual([3, 1]);
    journal.closed('renamed.ipynb');
    expect(journal.entries().map((entry) => entry.notebook)).toEqual(['other.ipynb']);
    expect(told).toBe(6);
    stop();
    journal.closed('other.ipynb');
    expect(told).toBe(6);
  });
});
