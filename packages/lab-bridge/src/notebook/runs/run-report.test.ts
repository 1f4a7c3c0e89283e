import { describe, expect, it } from 'vitest';
import { executionResult, type ExecutionOutcome } from '../outputs/execution-outcome.js';
import { cellRun, runReport } from './run-report.js';

const FIELDS = { notebookPath: 'nb.ipynb', kernelId: 'k' };
const ran = (cellId: string, index: number, outcome: ExecutionOutcome) =>
  cellRun(executionResult({ tool: 'run_cells', what: 'a cell', onError: 'Fix it.', fields: { cellId, index } }, outcome));
const ok = (cellId: string, index: number) => ran(cellId, index, { status: 'ok', executionCount: index + 1, outputs: [] });
const raised = (cellId: string, index: number) =>
  ran(cellId, index, {
    status: 'error',
    executionCount: index + 1,
    outputs: [],
    ename: 'NameError',
    evalue: "name 'x' is not defined",
    traceback: []
  });

describe('runReport', () => {
  it('answers ok with each cell as run_cell would list it, without success', () => {
    const report = runReport(
      'run_cells',
      [{ entry: { status: 'no-op', cellId: 'm', index: 0, type: 'markdown' } }, ok('a', 1)],
      undefined,
      FIELDS
    );
    expect(report).toEqual({
      success: true,
      status: 'ok',
      ...FIELDS,
      cells: [
        { status: 'no-op', cellId: 'm', index: 0, type: 'markdown' },
        { status: 'ok', cellId: 'a', index: 1, executionCount: 2 }
      ]
    });
  });

  it("answers a stopped run with the failing cell's code and message once, the cells before it, and those left", () => {
    const report = runReport('run_cells', [ok('a', 0), raised('b', 1)], { notRun: ['c', 'd'], why: 'The run stopped there' }, FIELDS);
    expect(report).toMatchObject({ success: false, code: 'cell_error', status: 'error', notRun: ['c', 'd'] });
    expect(report.success === false && report.error).toBe(
      "run_cells: a cell raised an exception (ename, evalue, traceback). That is the code's outcome, not a failure of the " +
        'call. Fix it. The run stopped there: 2 cells did not run (notRun).'
    );
    const cells = (report as unknown as { cells: Record<string, unknown>[] }).cells;
    expect(cells[1]).toMatchObject({ status: 'error', code: 'cell_error', ename: 'NameError' });
    expect(cells[1]).not.toHaveProperty('error');
    expect(cells[1]).not.toHaveProperty('success');
  });

  it('counts the failures of a run that went on after them, and names the first', () => {
    const report = runReport('run_cells', [raised('a', 0), ok('b', 1), raised('c', 2)], undefined, FIELDS);
    expect(report).toMatchObject({ success: false, code: 'cell_error' });
    expect(report.success === false && report.error).toMatch(
      /^run_cells: 2 of the 3 cells run failed \(cells has each one's outcome\)\. The first: a cell raised an exception/
    );
    expect(report).not.toHaveProperty('notRun');
  });

  it('says why a run stopped without a failing cell', () => {
    const report = runReport('run_cells', [ok('a', 0)], { notRun: ['b'], why: 'Cell "b" was deleted during the run' }, FIELDS);
    expect(report).toMatchObject({
      success: false,
      code: 'not_found',
      error: 'run_cells: Cell "b" was deleted during the run: 1 cell did not run (notRun).',
      notRun: ['b']
    });
  });

  it("ends a failure's message with the caller's sentence (edit_notebook's edits stay), and a success's not at all", () => {
    const stay = ' The edits of this call stay in the notebook.';
    const failed = runReport('edit_notebook', [raised('a', 0)], { notRun: ['b'], why: 'The run stopped there' }, FIELDS, stay);
    expect(failed.success === false && failed.error).toMatch(
      /The run stopped there: 1 cell did not run \(notRun\)\. The edits of this call stay in the notebook\.$/
    );
    expect(runReport('edit_notebook', [ok('a', 0)], undefined, FIELDS, stay)).not.toHaveProperty('error');
  });
});
