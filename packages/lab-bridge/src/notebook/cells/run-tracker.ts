/**
 * Which source each code cell last ran with, for the stale marks of the reads
 * (stale-state.ts): a thin adapter on the notebook models' signals. A model is
 * watched from when the page has it (a tab the person opens, a notebook the
 * agent's call opens or holds in memory); its cells are recorded as they
 * appear, and again whenever their execution count changes — a run, the
 * person's or the agent's.
 */
import type { ICellModel, ICodeCellModel } from '@jupyterlab/cells';
import type { INotebookModel } from '@jupyterlab/notebook';
import { cellsOf } from './notebook-cells.js';
import { nextRecord, type RunRecord } from './stale-state.js';

export class RunTracker {
  private readonly records = new WeakMap<INotebookModel, Map<string, RunRecord>>();

  /** Starts recording the model's runs; watching a model again does nothing. */
  watch(model: INotebookModel): void {
    if (this.records.has(model)) {
      return;
    }
    const records = new Map<string, RunRecord>();
    this.records.set(model, records);
    const note = (cell: ICodeCellModel, ran: boolean) => {
      const record = nextRecord(records.get(cell.id), { executionCount: cell.executionCount, source: cell.sharedModel.getSource() }, ran);
      if (record) {
        records.set(cell.id, record);
      } else {
        records.delete(cell.id);
      }
    };
    const watchCell = (cell: ICellModel) => {
      if (cell.type !== 'code') {
        return;
      }
      const code = cell as ICodeCellModel;
      note(code, false);
      code.stateChanged.connect((_, change) => {
        if (change.name === 'executionCount') {
          note(code, true);
        }
      });
    };
    cellsOf(model).forEach(watchCell);
    model.cells.changed.connect((_, change) => {
      if (change.type === 'add') {
        change.newValues.forEach(watchCell);
      }
    });
  }

  /** The run record of a cell of a watched model. */
  recordOf(model: INotebookModel, cellId: string): RunRecord | undefined {
    return this.records.get(model)?.get(cellId);
  }
}
