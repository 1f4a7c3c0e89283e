import { describe, expect, it } from 'vitest';
import { ChangeLog, fold, type NotebookEvent } from './change-log.js';

const order = ['a', 'b', 'c', 'd', 'new'];
const indexOf = (id: string) => order.indexOf(id);
const edited = (cellId: string): NotebookEvent => ({ kind: 'edited', cellId });

describe('ChangeLog', () => {
  it('tells an agent nothing on its first call on a notebook, then what others did since its previous call', () => {
    const log = new ChangeLog();
    log.record('n.ipynb', edited('a'), undefined);
    expect(log.take('n.ipynb', 'agent-1', indexOf)).toEqual({});
    log.record('n.ipynb', edited('c'), undefined);
    log.record('n.ipynb', { kind: 'ran', cellId: 'b', executionCount: 4, ok: false }, undefined);
    log.record('n.ipynb', { kind: 'kernel', what: 'restarted' }, undefined);
    expect(log.take('n.ipynb', 'agent-1', indexOf)).toEqual({
      edited: [{ id: 'c', index: 2 }],
      ran: [{ id: 'b', index: 1, executionCount: 4, ok: false }],
      kernel: ['restarted']
    });
    expect(log.take('n.ipynb', 'agent-1', indexOf)).toEqual({});
  });

  it("never reports an agent's own changes back to it, and gives each agent the other's", () => {
    const log = new ChangeLog();
    log.take('n.ipynb', 'one', indexOf);
    log.take('n.ipynb', 'two', indexOf);
    log.record('n.ipynb', edited('a'), 'one');
    log.record('n.ipynb', { kind: 'ran', cellId: 'a', executionCount: 1, ok: true }, 'one');
    log.record('n.ipynb', edited('b'), 'two');
    log.record('n.ipynb', { kind: 'saved' }, undefined);
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({ edited: [{ id: 'b', index: 1 }], saved: true });
    expect(log.take('n.ipynb', 'two', indexOf)).toEqual({
      edited: [{ id: 'a', index: 0 }],
      ran: [{ id: 'a', index: 0, executionCount: 1, ok: true }],
      saved: true
    });
  });

  it('keeps apart what each agent has seen: a change one agent was told of is still news to the other', () => {
    const log = new ChangeLog();
    log.take('n.ipynb', 'one', indexOf);
    log.take('n.ipynb', 'two', indexOf);
    log.record('n.ipynb', edited('a'), undefined);
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({ edited: [{ id: 'a', index: 0 }] });
    log.record('n.ipynb', edited('b'), undefined);
    expect(log.take('n.ipynb', 'two', indexOf)).toEqual({
      edited: [
        { id: 'a', index: 0 },
        { id: 'b', index: 1 }
      ]
    });
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({ edited: [{ id: 'b', index: 1 }] });
  });

  it('keeps notebooks apart, and follows a rename with every agent in it', () => {
    const log = new ChangeLog();
    log.take('a.ipynb', 'one', indexOf);
    log.take('b.ipynb', 'one', indexOf);
    log.record('a.ipynb', edited('a'), undefined);
    log.renamed('a.ipynb', 'moved/a.ipynb', undefined);
    log.record('moved/a.ipynb', { kind: 'closed' }, undefined);
    expect(log.take('b.ipynb', 'one', indexOf)).toEqual({});
    expect(log.take('moved/a.ipynb', 'one', indexOf)).toEqual({
      edited: [{ id: 'a', index: 0 }],
      renamed: { from: 'a.ipynb', to: 'moved/a.ipynb' },
      closed: true
    });
  });

  it("forgets an agent whose session ended, and keeps the other agents' view", () => {
    const log = new ChangeLog();
    log.take('n.ipynb', 'one', indexOf);
    log.take('n.ipynb', 'two', indexOf);
    log.record('n.ipynb', edited('a'), undefined);
    log.forgetAgent('one');
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({});
    expect(log.take('n.ipynb', 'two', indexOf)).toEqual({ edited: [{ id: 'a', index: 0 }] });
  });

  it('says its answer is incomplete when more happened than it keeps, and says the newest of it', () => {
    const log = new ChangeLog({ eventsPerNotebook: 3 });
    log.take('n.ipynb', 'one', indexOf);
    for (const id of ['a', 'b', 'c', 'd']) {
      log.record('n.ipynb', edited(id), undefined);
    }
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({
      edited: [
        { id: 'b', index: 1 },
        { id: 'c', index: 2 },
        { id: 'd', index: 3 }
      ],
      incomplete: true
    });
    log.record('n.ipynb', edited('a'), undefined);
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({ edited: [{ id: 'a', index: 0 }] });
  });

  it('counts a run of keystrokes in one cell as one event, so typing does not push out what came before', () => {
    const log = new ChangeLog({ eventsPerNotebook: 2 });
    log.take('n.ipynb', 'one', indexOf);
    log.record('n.ipynb', { kind: 'saved' }, undefined);
    for (let i = 0; i < 500; i++) {
      log.record('n.ipynb', edited('a'), undefined);
    }
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({ edited: [{ id: 'a', index: 0 }], saved: true });
    log.record('n.ipynb', edited('a'), undefined);
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({ edited: [{ id: 'a', index: 0 }] });
  });

  it('counts keystrokes in a cell as one event even after edits elsewhere, so typing does not push out what came before', () => {
    const log = new ChangeLog({ eventsPerNotebook: 3 });
    log.take('n.ipynb', 'one', indexOf);
    log.record('n.ipynb', { kind: 'saved' }, undefined);
    log.record('n.ipynb', edited('b'), undefined);
    for (let i = 0; i < 5; i++) {
      log.record('n.ipynb', edited('a'), undefined);
    }
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({
      edited: [
        { id: 'a', index: 0 },
        { id: 'b', index: 1 }
      ],
      saved: true
    });
  });

  it('tells an agent of an edit made after it looked, though the same cell was edited just before', () => {
    const log = new ChangeLog();
    log.take('n.ipynb', 'one', indexOf);
    log.take('n.ipynb', 'two', indexOf);
    log.record('n.ipynb', edited('a'), undefined);
    expect(log.take('n.ipynb', 'two', indexOf)).toEqual({ edited: [{ id: 'a', index: 0 }] });
    log.record('n.ipynb', edited('a'), undefined);
    expect(log.take('n.ipynb', 'two', indexOf)).toEqual({ edited: [{ id: 'a', index: 0 }] });
  });

  it("tells an agent of the person's edit of a cell the agent had just edited, and of an edit after a run", () => {
    const log = new ChangeLog();
    log.take('n.ipynb', 'one', indexOf);
    log.take('n.ipynb', 'two', indexOf);
    log.record('n.ipynb', edited('a'), 'one');
    log.record('n.ipynb', edited('a'), undefined);
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({ edited: [{ id: 'a', index: 0 }] });
    log.record('n.ipynb', { kind: 'ran', cellId: 'b', executionCount: 1, ok: true }, undefined);
    log.record('n.ipynb', edited('b'), undefined);
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({
      edited: [{ id: 'b', index: 1 }],
      ran: [{ id: 'b', index: 1, executionCount: 1, ok: true }]
    });
  });

  it('does not tell an agent again what it was told, while another agent has still to hear it', () => {
    const log = new ChangeLog();
    log.take('n.ipynb', 'one', indexOf);
    log.take('n.ipynb', 'two', indexOf);
    log.record('n.ipynb', edited('a'), undefined);
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({ edited: [{ id: 'a', index: 0 }] });
    log.record('n.ipynb', edited('b'), undefined);
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({ edited: [{ id: 'b', index: 1 }] });
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({});
  });

  it('tells nothing of a rename to the same path', () => {
    const log = new ChangeLog();
    log.take('n.ipynb', 'one', indexOf);
    log.renamed('n.ipynb', 'n.ipynb', undefined);
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({});
  });

  it('keeps events only as far back as the agent that looked longest ago, and nothing of a notebook no agent follows', () => {
    const log = new ChangeLog();
    const kept = () =>
      new Map(
        [...(log as unknown as { logs: Map<string, { events: NotebookEvent[] }> }).logs].map(([path, { events }]) => [path, events.length])
      );
    log.take('n.ipynb', 'one', indexOf);
    log.take('n.ipynb', 'two', indexOf);
    log.record('n.ipynb', edited('a'), undefined);
    log.record('n.ipynb', edited('b'), undefined);
    log.take('n.ipynb', 'one', indexOf);
    expect(kept().get('n.ipynb')).toBe(2);
    log.record('n.ipynb', edited('c'), undefined);
    log.take('n.ipynb', 'two', indexOf);
    expect(kept().get('n.ipynb')).toBe(1);
    log.take('n.ipynb', 'one', indexOf);
    expect(kept().get('n.ipynb')).toBe(0);
    log.record('n.ipynb', edited('d'), undefined);
    log.forgetAgent('two');
    expect(kept().get('n.ipynb')).toBe(1);
    log.take('n.ipynb', 'one', indexOf);
    log.record('n.ipynb', edited('a'), undefined);
    log.forgetAgent('one');
    expect(kept()).toEqual(new Map());
    log.take('n.ipynb', 'one', indexOf);
    log.take('n.ipynb', 'two', indexOf);
    log.record('n.ipynb', edited('a'), undefined);
    log.take('n.ipynb', 'one', indexOf);
    expect(kept().get('n.ipynb')).toBe(1);
    log.forgetAgent('two');
    expect(kept().get('n.ipynb')).toBe(0);
  });

  it('lists the cells of each kind of change in notebook order, not in the order they changed', () => {
    const log = new ChangeLog();
    log.take('n.ipynb', 'one', indexOf);
    for (const id of ['d', 'a', 'c']) {
      log.record('n.ipynb', edited(id), undefined);
    }
    expect(log.take('n.ipynb', 'one', indexOf)).toEqual({
      edited: [
        { id: 'a', index: 0 },
        { id: 'c', index: 2 },
        { id: 'd', index: 3 }
      ]
    });
  });
});

describe('fold', () => {
  it('leaves out a cell added and deleted since, and tells a cell edited then deleted as deleted', () => {
    const events: NotebookEvent[] = [
      { kind: 'added', cellId: 'tmp' },
      edited('tmp'),
      { kind: 'deleted', cellId: 'tmp' },
      edited('b'),
      { kind: 'deleted', cellId: 'b' }
    ];
    expect(fold(events, indexOf)).toEqual({ deleted: ['b'] });
  });

  it('tells a cell added and then edited or moved as added, where it is now', () => {
    const events: NotebookEvent[] = [{ kind: 'added', cellId: 'new' }, edited('new'), { kind: 'moved', cellId: 'new' }];
    expect(fold(events, indexOf)).toEqual({ added: [{ id: 'new', index: 4 }] });
  });

  it('tells a cell taken out and put back (a drag) as moved, and keeps its edit', () => {
    const events: NotebookEvent[] = [edited('c'), { kind: 'deleted', cellId: 'c' }, { kind: 'added', cellId: 'c' }];
    expect(fold(events, indexOf)).toEqual({ edited: [{ id: 'c', index: 2 }], moved: [{ id: 'c', index: 2 }] });
  });

  it('tells a cell moved, or taken out and put back, and not edited, as moved only', () => {
    expect(fold([{ kind: 'moved', cellId: 'b' }], indexOf)).toEqual({ moved: [{ id: 'b', index: 1 }] });
    expect(
      fold(
        [
          { kind: 'deleted', cellId: 'c' },
          { kind: 'added', cellId: 'c' }
        ],
        indexOf
      )
    ).toEqual({ moved: [{ id: 'c', index: 2 }] });
  });

  it("gives each cell's last run, the runs of a cell deleted since without an index, and each kernel event once", () => {
    const events: NotebookEvent[] = [
      { kind: 'ran', cellId: 'a', executionCount: 1, ok: true },
      { kind: 'ran', cellId: 'gone', executionCount: 2, ok: true },
      { kind: 'kernel', what: 'interrupted' },
      { kind: 'ran', cellId: 'a', executionCount: 3, ok: false },
      { kind: 'kernel', what: 'restarted' },
      { kind: 'kernel', what: 'interrupted' },
      { kind: 'reverted' }
    ];
    expect(fold(events, indexOf)).toEqual({
      ran: [
        { id: 'gone', executionCount: 2, ok: true },
        { id: 'a', index: 0, executionCount: 3, ok: false }
      ],
      kernel: ['interrupted', 'restarted'],
      reverted: true
    });
  });

  it('says nothing when nothing happened', () => {
    expect(fold([], indexOf)).toEqual({});
  });
});
