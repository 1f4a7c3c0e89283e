import { describe, expect, it } from 'vitest';
import { MAX_FOCUS_CELLS } from '@jupyter-live-mcp/protocol';
import { personFocus } from './person-focus.js';

const cells = (count: number, selected: (index: number) => boolean = () => false) =>
  Array.from({ length: count }, (_, index) => ({ id: `c${index}`, selected: selected(index) }));

describe('personFocus', () => {
  it('names the active cell, the cells selected around it top to bottom, and the editor of the active cell', () => {
    const editor = {
      cursor: { line: 2, column: 5 },
      selection: { start: { line: 2, column: 1 }, end: { line: 2, column: 5 }, text: 'df.h' }
    };
    expect(personFocus({ path: 'n.ipynb', activeIndex: 3, cells: cells(6, (i) => i === 1 || i === 2), editor })).toEqual({
      notebookPath: 'n.ipynb',
      activeCell: { id: 'c3', index: 3 },
      selectedCells: [
        { id: 'c1', index: 1 },
        { id: 'c2', index: 2 },
        { id: 'c3', index: 3 }
      ],
      editor
    });
  });

  it("shows the ids short when asked, as the bridge's notebook tools show them", () => {
    const ids = ['3f2a9c1e-0a1b-4c2d-8e3f-000000000000', '3f2a9c1e-ffff-4c2d-8e3f-000000000000', 'b71d0e44-0a1b-4c2d-8e3f-000000000000'];
    const view = { path: 'n.ipynb', activeIndex: 2, cells: ids.map((id, index) => ({ id, selected: index === 0 })) };
    expect(personFocus({ ...view, shortIds: true })).toEqual({
      notebookPath: 'n.ipynb',
      activeCell: { id: 'b71d0e44', index: 2 },
      selectedCells: [
        { id: '3f2a9c1e-0', index: 0 },
        { id: 'b71d0e44', index: 2 }
      ]
    });
    expect(personFocus(view).activeCell).toEqual({ id: ids[2], index: 2 });
  });

  it('gives a notebook without an active cell no active cell and no editor', () => {
    expect(personFocus({ path: 'n.ipynb', activeIndex: -1, cells: [], editor: { cursor: { line: 1, column: 1 } } })).toEqual({
      notebookPath: 'n.ipynb',
      selectedCells: []
    });
  });

  it('names at most the bound of selected cells and says how many there are', () => {
    const focus = personFocus({ path: 'n.ipynb', activeIndex: 0, cells: cells(2000, () => true) });
    expect(focus.selectedCells).toHaveLength(MAX_FOCUS_CELLS);
    expect(focus.selectedCount).toBe(2000);
  });

  it('gives no count when exactly the bound of cells is selected', () => {
    const focus = personFocus({ path: 'n.ipynb', activeIndex: 0, cells: cells(MAX_FOCUS_CELLS, () => true) });
    expect(focus.selectedCells).toHaveLength(MAX_FOCUS_CELLS);
    expect(focus).not.toHaveProperty('selectedCount');
  });
});
