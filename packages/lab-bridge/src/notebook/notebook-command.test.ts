import { describe, expect, it } from 'vitest';
import { NOTEBOOK_COMMAND_INPUTS } from '@jupyter-live-mcp/protocol';
import { describeIssue } from './notebook-command.js';

const issue = (key: keyof typeof NOTEBOOK_COMMAND_INPUTS, args: Record<string, unknown>, tool = 'add_cell') => {
  const parsed = NOTEBOOK_COMMAND_INPUTS[key].safeParse(args);
  if (parsed.success) throw new Error('expected a failure');
  return describeIssue(tool, Object.keys(NOTEBOOK_COMMAND_INPUTS[key].shape), args, parsed.error);
};

describe('describeIssue', () => {
  it('names an unknown argument and the accepted ones', () => {
    expect(issue('addCell', { notebookPath: 'a.ipynb', background: true })).toBe(
      'add_cell: unknown argument "background". Accepted arguments: notebookPath, content, cellType, position, referenceCellId.'
    );
  });

  it('names a missing required argument', () => {
    expect(issue('addCell', {})).toBe(
      'add_cell: missing required argument "notebookPath". Accepted arguments: notebookPath, content, cellType, position, referenceCellId.'
    );
  });

  it('says what a value should be', () => {
    expect(issue('addCell', { notebookPath: 'a.ipynb', cellType: 'sql' })).toMatch(
      /^add_cell: argument "cellType": .*"code"\|"markdown"\|"raw"/
    );
  });

  it('names a field inside an argument by its path, e.g. which edit', () => {
    const nb = { notebookPath: 'a.ipynb' };
    expect(issue('editNotebook', { ...nb, edits: [{ op: 'add' }, { op: 'delete' }] }, 'edit_notebook')).toBe(
      'edit_notebook: "edits[1].cellId" is missing.'
    );
    expect(issue('editNotebook', { ...nb, edits: [{ op: 'remove', cellId: 'c' }] }, 'edit_notebook')).toBe(
      'edit_notebook: argument "edits[0].op": op must be one of "add", "set_source", "delete", "move", "set_type".'
    );
    expect(issue('editNotebook', { ...nb, edits: [{ op: 'delete', cellId: 'c', id: 'c' }] }, 'edit_notebook')).toMatch(
      /^edit_notebook: argument "edits\[0\]" has an unknown field "id"/
    );
    expect(issue('editNotebook', { ...nb, edits: [] }, 'edit_notebook')).toMatch(/^edit_notebook: argument "edits": .*>=1 items/);
  });

  it("says a check of the arguments together in the check's own words", () => {
    const message =
      'run_cells: say which cells to run with exactly one of cellIds (a list of ids), fromCellId (a cell and all below it) or all: true.';
    expect(issue('runCells', { notebookPath: 'a.ipynb' }, 'run_cells')).toBe(message);
    expect(issue('runCells', { notebookPath: 'a.ipynb', all: true, fromCellId: 'c' }, 'run_cells')).toBe(message);
    expect(issue('runCells', { notebookPath: 'a.ipynb', all: false }, 'run_cells')).toBe(message);
  });
});
