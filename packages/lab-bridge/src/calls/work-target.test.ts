import { describe, expect, it } from 'vitest';
import { DEFAULT_TOOLS } from '@jupyter-live-mcp/protocol';
import { withWholeCellIds, workTarget } from './work-target.js';

const worksOnOf = (name: string) => DEFAULT_TOOLS.find((tool) => tool.name === name)?.worksOn;

describe('workTarget', () => {
  it('reads the notebook and the cell from the inputs the definition names', () => {
    expect(workTarget(worksOnOf('run_cell')!, { notebookPath: 'a.ipynb', cellId: 'c1' })).toEqual({
      action: 'running',
      notebookPath: 'a.ipynb',
      cellIds: ['c1']
    });
    expect(workTarget(worksOnOf('add_cell')!, { notebookPath: 'a.ipynb', referenceCellId: 'c2', content: 'x' })).toEqual({
      action: 'editing',
      notebookPath: 'a.ipynb',
      cellIds: ['c2']
    });
  });

  it('marks the notebook as a whole when the call names no cell', () => {
    expect(workTarget(worksOnOf('edit_cell')!, { notebookPath: 'a.ipynb', content: 'x' })).toEqual({
      action: 'editing',
      notebookPath: 'a.ipynb',
      cellIds: []
    });
  });

  it('takes lists of ids from several inputs, once each, and skips what is no id', () => {
    const worksOn = { action: 'running' as const, notebook: 'notebookPath', cells: ['cellIds', 'fromCellId', 'other'] };
    expect(workTarget(worksOn, { notebookPath: 'a.ipynb', cellIds: ['c1', 'c2', 7, ''], fromCellId: 'c1', other: { id: 'x' } })).toEqual({
      action: 'running',
      notebookPath: 'a.ipynb',
      cellIds: ['c1', 'c2']
    });
  });

  it('is no work without a notebook path', () => {
    expect(workTarget(worksOnOf('run_cell')!, { cellId: 'c1' })).toBeUndefined();
    expect(workTarget(worksOnOf('run_cell')!, { notebookPath: ' ', cellId: 'c1' })).toBeUndefined();
  });

  it('is given to the tools that edit or run a cell, and not to reads', () => {
    const marked = DEFAULT_TOOLS.filter((tool) => tool.worksOn).map((tool) => tool.name);
    expect(marked).toEqual(['add_cell', 'edit_cell', 'delete_cell', 'run_cell', 'edit_notebook', 'run_cells']);
  });

  it("leaves run_cells' cells to its command, and marks edit_notebook's notebook as a whole (its cells are inside its edits)", () => {
    expect(workTarget(worksOnOf('run_cells')!, { notebookPath: 'a.ipynb', cellIds: ['c1', 'c2'] })).toEqual({
      action: 'running',
      notebookPath: 'a.ipynb',
      cellIds: [],
      cellsByCommand: true
    });
    expect(workTarget(worksOnOf('run_cells')!, { all: true })).toBeUndefined();
    const edits = [{ op: 'delete', cellId: 'c1' }];
    expect(workTarget(worksOnOf('edit_notebook')!, { notebookPath: 'a.ipynb', edits })).toEqual({
      action: 'editing',
      notebookPath: 'a.ipynb',
      cellIds: []
    });
  });
});

describe('withWholeCellIds', () => {
  const ids = ['3b3ecf96-3a70-4093-b63c-4bacfe7198c5', 'abcd1234-x', 'abcd1234-y'];
  const idsAt = (path: string) => (path === 'a.ipynb' ? ids : undefined);

  it('gives the command the whole id of the one cell a shown id or a start names', () => {
    expect(withWholeCellIds(worksOnOf('run_cell'), { notebookPath: 'a.ipynb', cellId: '3b3ecf96' }, idsAt)).toEqual({
      notebookPath: 'a.ipynb',
      cellId: ids[0]
    });
    expect(withWholeCellIds(worksOnOf('edit_cell'), { notebookPath: 'a.ipynb', cellId: ids[0], content: 'x' }, idsAt).cellId).toBe(ids[0]);
  });

  it('passes as given what it cannot make whole: a shared start, no such cell, a notebook the page does not hold', () => {
    const shared = { notebookPath: 'a.ipynb', cellId: 'abcd1234' };
    expect(withWholeCellIds(worksOnOf('run_cell'), shared, idsAt)).toEqual(shared);
    expect(withWholeCellIds(worksOnOf('run_cell'), { notebookPath: 'a.ipynb', cellId: 'ffff' }, idsAt).cellId).toBe('ffff');
    expect(withWholeCellIds(worksOnOf('run_cell'), { notebookPath: 'b.ipynb', cellId: '3b3e' }, idsAt).cellId).toBe('3b3e');
    expect(withWholeCellIds(undefined, { cellId: '3b3e' }, idsAt).cellId).toBe('3b3e');
  });
});
