/**
 * run_cells: runs several cells one after the other, each as run_cell runs
 * one (run-cell.ts), and answers each one's outcome as run_cell would
 * (run-report.ts). The run stops at the first cell that fails unless
 * continueOnError, and always when the kernel stopped answering or was
 * interrupted. A long run needs nothing special: the call pipeline answers
 * pending by itself and wait_for_result collects the whole run. The cell being run is marked for
 * the person (markRunning), and told as the run's progress (tellProgress),
 * only while it runs.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { RunTeller } from '../../calls/run-progress.js';
import { executionResult, wasInterrupted, type ExecutionOutcome } from '../outputs/execution-outcome.js';
import { addNotebookCommand } from '../commands/notebook-command.js';
import { cellsOf } from '../cells/notebook-cells.js';
import { openedNote, type NotebookDocuments } from '../documents/notebook-documents.js';
import { kernelToRun, renderMarkdown, runCode, runsCode } from './run-cell.js';
import { cellRun, runReport, type CellRun, type Stop } from './run-report.js';
import { cellsToRun } from './run-selection.js';

/** Marks, for the person, the cell a command is running, until the function returned is called (ui/work-marks). Never throws. */
export type MarkRunning = (notebookPath: string, cellId: string) => () => void;
/** Starts telling how far a run in this notebook has come (calls/run-progress). */
export type TellProgress = (notebookPath: string) => RunTeller;

export function registerRunCells(
  app: JupyterFrontEnd,
  documents: NotebookDocuments,
  markRunning: MarkRunning,
  tellProgress: TellProgress
): void {
  addNotebookCommand(app, 'runCells', 'Run Cells', async (args, tool) => {
    const path = documents.normalize(args.notebookPath);
    const { notebook, opened } = await documents.hold(tool, path);
    const cellsNow = () => cellsOf(notebook.model);
    const selected = cellsToRun(tool, notebook.path, cellsNow(), args);
    // Refused before any cell runs; asked again only if a cell became code meanwhile.
    let kernel = cellsNow().some((cell) => selected.includes(cell.id) && runsCode(cell))
      ? await kernelToRun(app, documents, tool, notebook)
      : undefined;
    const runs: CellRun[] = [];
    let stop: Stop | undefined;

    // Told under the path the call named, which is how its pending answers look it up.
    const progress = tellProgress(path);
    try {
      for (const [at, cellId] of selected.entries()) {
        // Found again each time: the person may add, move or delete cells while the run goes on.
        const index = cellsNow().findIndex((cell) => cell.id === cellId);
        if (index < 0) {
          stop = { notRun: selected.slice(at), why: `Cell "${cellId}" was deleted during the run` };
          break;
        }
        const cell = notebook.model.cells.get(index);
        if (!runsCode(cell)) {
          renderMarkdown(notebook, index, { evenEmpty: true });
          runs.push({ entry: { status: 'no-op', cellId, index, type: cell.type, ...(cell.type === 'code' ? { empty: true } : {}) } });
          continue;
        }
        const unmark = markRunning(notebook.path, cellId);
        progress.at({ cellsRun: at, cells: selected.length, runningCellId: cellId, runningIndex: index });
        let outcome: ExecutionOutcome;
        try {
          kernel ??= await kernelToRun(app, documents, tool, notebook);
          outcome = await runCode(notebook, index, kernel);
        } finally {
          unmark();
          progress.between();
        }
        const run = cellRun(
          executionResult(
            {
              tool,
              what: `cell "${cellId}" (index ${index})`,
              onError: 'Fix it (edit_cell or edit_notebook), then run_cells from it (fromCellId).',
              fields: { cellId, index }
            },
            outcome
          )
        );
        runs.push(run);
        const interrupted = wasInterrupted(outcome);
        if (run.failure && (!args.continueOnError || outcome.status === 'aborted' || interrupted)) {
          stop = {
            notRun: selected.slice(at + 1),
            why: interrupted ? 'The kernel was interrupted there, so the run stopped' : 'The run stopped there'
          };
          break;
        }
      }
    } finally {
      progress.end();
    }
    return runReport(tool, runs, stop, {
      notebookPath: notebook.path,
      ...(kernel ? { kernelId: kernel.id } : {}),
      ...openedNote(notebook, opened)
    });
  });
}
