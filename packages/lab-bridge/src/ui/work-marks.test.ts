import { describe, expect, it } from 'vitest';
import type { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';
import { holdClass, MARK_CLASSES, WorkMarks } from './work-marks.js';

/** A node with the part of classList the marks use. */
const fakeNode = () => {
  const classes = new Set<string>();
  return { classes, classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) } };
};

/** A notebook tab with cells of these ids, loaded unless said otherwise. */
function fakePanel(path: string, cellIds: string[], loaded = true) {
  let load = () => {};
  const ready = loaded ? Promise.resolve() : new Promise<void>((resolve) => (load = resolve));
  const panel = {
    node: fakeNode(),
    title: { className: 'jp-mod-dirty' },
    isDisposed: false,
    context: { path, isReady: loaded, ready },
    content: { widgets: cellIds.map((id) => ({ model: { id }, node: fakeNode() })) }
  };
  return { panel, load, cell: (index: number) => panel.content.widgets[index]!.node.classes };
}

function fakeTracker(panels: ReturnType<typeof fakePanel>['panel'][]) {
  const listeners = new Set<(sender: unknown, panel: NotebookPanel) => void>();
  const tracker = {
    find: (test: (panel: NotebookPanel) => boolean) => panels.find((panel) => test(panel as unknown as NotebookPanel)),
    widgetAdded: { connect: (listener: never) => listeners.add(listener), disconnect: (listener: never) => listeners.delete(listener) }
  };
  const add = (panel: ReturnType<typeof fakePanel>['panel']) => {
    panels.push(panel);
    for (const listener of listeners) listener(tracker, panel as unknown as NotebookPanel);
  };
  return { tracker: tracker as unknown as INotebookTracker, add, listeners };
}

const normalize = (path: string) => path.replace(/^\.\//, '');
const running = (cellIds: string[], notebookPath = 'a.ipynb') => ({ action: 'running' as const, notebookPath, cellIds });

describe('WorkMarks', () => {
  it("marks the cells worked on and the notebook's tab until the call ends, leaving the tab's other classes", () => {
    const { panel, cell } = fakePanel('a.ipynb', ['c1', 'c2']);
    const marks = new WorkMarks(fakeTracker([panel]).tracker, normalize);
    const unmark = marks.mark(running(['c2'], './a.ipynb'));
    expect([...cell(1)]).toEqual([MARK_CLASSES.cell, MARK_CLASSES.action.running]);
    expect(cell(0).size).toBe(0);
    expect(panel.node.classes.size).toBe(0);
    expect(panel.title.className).toBe(`jp-mod-dirty ${MARK_CLASSES.tab}`);
    unmark();
    expect(cell(1).size).toBe(0);
    expect(panel.title.className).toBe('jp-mod-dirty');
  });

  it('marks the notebook as a whole when the call names no cell it has', () => {
    const { panel } = fakePanel('a.ipynb', ['c1']);
    const unmark = new WorkMarks(fakeTracker([panel]).tracker, normalize).mark({ ...running(['gone']), action: 'editing' });
    expect([...panel.node.classes]).toEqual([MARK_CLASSES.notebook, MARK_CLASSES.action.editing]);
    unmark();
    expect(panel.node.classes.size).toBe(0);
  });

  it("marks only the tab of a call whose command marks the cells, and the cell each of the command's marks names", () => {
    const { panel, cell } = fakePanel('a.ipynb', ['c1', 'c2']);
    const marks = new WorkMarks(fakeTracker([panel]).tracker, normalize);
    const call = marks.mark({ ...running([]), cellsByCommand: true });
    expect(panel.title.className).toBe(`jp-mod-dirty ${MARK_CLASSES.tab}`);
    expect([panel.node.classes.size, cell(0).size, cell(1).size]).toEqual([0, 0, 0]);
    const first = marks.mark(running(['c1']));
    first();
    const second = marks.mark(running(['c2']));
    expect([cell(0).size, [...cell(1)]]).toEqual([0, [MARK_CLASSES.cell, MARK_CLASSES.action.running]]);
    second();
    expect(panel.title.className).toBe(`jp-mod-dirty ${MARK_CLASSES.tab}`);
    call();
    expect(panel.title.className).toBe('jp-mod-dirty');
    expect(cell(1).size).toBe(0);
  });

  it('marks nothing, and throws nothing, for a notebook without a tab (held in memory)', () => {
    const { tracker, listeners } = fakeTracker([]);
    const unmark = new WorkMarks(tracker, normalize).mark(running(['c1']));
    unmark();
    expect(listeners.size).toBe(0);
  });

  it('marks a notebook the call opens once its tab has loaded, unless the call ended first', async () => {
    const { tracker, add } = fakeTracker([]);
    const marks = new WorkMarks(tracker, normalize);
    const unmark = marks.mark(running(['c1']));
    const opened = fakePanel('a.ipynb', ['c1'], false);
    add(fakePanel('other.ipynb', ['c1']).panel);
    add(opened.panel);
    expect(opened.cell(0).size).toBe(0);
    opened.load();
    await opened.panel.context.ready;
    expect(opened.cell(0).has(MARK_CLASSES.cell)).toBe(true);
    unmark();
    expect(opened.cell(0).size).toBe(0);

    const late = fakePanel('b.ipynb', ['c1'], false);
    const gone = marks.mark(running(['c1'], 'b.ipynb'));
    add(late.panel);
    gone();
    late.load();
    await late.panel.context.ready;
    expect(late.cell(0).size).toBe(0);
  });

  it('keeps a cell marked until the last of two calls on it ends', () => {
    const { panel, cell } = fakePanel('a.ipynb', ['c1']);
    const marks = new WorkMarks(fakeTracker([panel]).tracker, normalize);
    const first = marks.mark(running(['c1']));
    const second = marks.mark(running(['c1']));
    first();
    first();
    expect(cell(0).has(MARK_CLASSES.cell)).toBe(true);
    second();
    expect(cell(0).size).toBe(0);
  });
});

describe('holdClass', () => {
  it('sets a class for the first holder and clears it after the last', () => {
    const changes: boolean[] = [];
    const owner = {};
    const a = holdClass(owner, 'x', (on) => changes.push(on));
    const b = holdClass(owner, 'x', (on) => changes.push(on));
    a();
    expect(changes).toEqual([true]);
    b();
    expect(changes).toEqual([true, false]);
  });
});
