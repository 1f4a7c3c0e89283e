import { describe, expect, it } from 'vitest';
import type { Author } from './change-log.js';
import { CellListEvents, type CellListEvent } from './cell-list-events.js';

function events() {
  const heard: [CellListEvent, Author][] = [];
  const ends: (() => void)[] = [];
  const list = new CellListEvents(
    (event, by) => heard.push([event, by]),
    (end) => ends.push(end)
  );
  const endBurst = () => {
    for (const end of ends.splice(0)) {
      end();
    }
  };
  return { heard, list, endBurst };
}

describe('CellListEvents', () => {
  it('hears a cell taken out and put back elsewhere as moved, and in its place (a new type) as edited', () => {
    const { heard, list, endBurst } = events();
    list.removed('a', 2, undefined);
    list.added('a', 5, undefined);
    list.removed('b', 1, 'agent');
    list.added('b', 1, 'agent');
    endBurst();
    expect(heard).toEqual([
      [{ kind: 'moved', cellId: 'a' }, undefined],
      [{ kind: 'edited', cellId: 'b' }, 'agent']
    ]);
  });

  it('hears a cell not put back by the end of the burst as deleted, by whoever took it out, and a new cell as added', () => {
    const { heard, list, endBurst } = events();
    list.removed('a', 0, 'agent');
    list.added('n', 0, undefined);
    expect(heard).toEqual([[{ kind: 'added', cellId: 'n' }, undefined]]);
    endBurst();
    expect(heard.at(-1)).toEqual([{ kind: 'deleted', cellId: 'a' }, 'agent']);
    list.added('a', 0, undefined);
    expect(heard.at(-1)).toEqual([{ kind: 'added', cellId: 'a' }, undefined]);
  });

  it('passes on a move the list reports as one', () => {
    const { heard, list } = events();
    list.moved('a', undefined);
    expect(heard).toEqual([[{ kind: 'moved', cellId: 'a' }, undefined]]);
  });
});

describe('CellListEvents at the end of a real burst', () => {
  it('hears the deletes once the microtasks of the burst have run', async () => {
    const heard: CellListEvent[] = [];
    const list = new CellListEvents((event) => heard.push(event));
    list.removed('a', 0, undefined);
    expect(heard).toEqual([]);
    await Promise.resolve();
    expect(heard).toEqual([{ kind: 'deleted', cellId: 'a' }]);
  });
});
