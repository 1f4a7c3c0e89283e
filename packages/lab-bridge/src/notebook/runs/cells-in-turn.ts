/**
 * Runs cells of a held notebook one after the other, each as run_cell runs
 * one, and gathers each outcome as run_cell would answer it (run-report.ts):
 * run_cells' run, and edit_notebook's after its edits (`run`). The run stops at
 * the first cell that fails unless continueOnError, and always when the kernel
 * stopped answering or was interrupted, or the running cell was deleted. The
 * cell being run is marked for the person, and told as the call's progress,
 * only while it runs (both in the call's context).
 */
import type { Kernel } from '@jupyterlab/services';
import { shortCellIds } from '@jupyter-live-mcp/protocol';
import type { CallContext } from '../commands/notebook-tool.js';
import { executionResult, wasInterrupted, type ExecutionOutcome } from '../outputs/execution-outcome.js';
import type { NotebookParts } from '../documents/notebook-parts.js';
import type { HeldNotebook } from '../cells/held-notebook.js';
import { cellsOf } from '../cells/notebook-cells.js';
import { kernelToRun, renderMarkdown, runCode, runsCode } from './run-cell.js';
import { cellRun, type CellRun, type Stop } from './run-report.js';

/** Longer than ipykernel takes to leave its abort after an error, on a loaded machine. */
const ABORT_WINDOW_MS = 200;

export interface RunInTurn {
  runs: CellRun[];
  stop?: Stop;
  /** The kernel the cells ran on (none: no code cell ran). */
  kernel?: Kernel.IKernelConnection;
}

export interface RunOptions {
  continueOnError?: boolean;
  /** What a failing cell's error tells the agent to do next. */
  onError: string;
}

/** The kernel to run `selected` on, or undefined when none of them runs code: asked before anything changes or runs. */
export async function kernelFor(
  { app, documents }: NotebookParts,
  tool: string,
  notebook: HeldNotebook,
  selected: readonly string[]
): Promise<Kernel.IKernelConnection | undefined> {
  return cellsOf(notebook.model).some((cell) => selected.includes(cell.id) && runsCode(cell))
    ? await kernelToRun(app, documents, tool, notebook)
    : undefined;
}

export async function runInTurn(
  parts: NotebookParts,
  call: CallContext,
  notebook: HeldNotebook,
  selected: readonly string[],
  { continueOnError = false, onError }: RunOptions,
  kernelAsked?: Kernel.IKernelConnection
): Promise<RunInTurn> {
  const { app, documents } = parts;
  const { tool } = call;
  let kernel = kernelAsked;
  const runs: CellRun[] = [];
  /** The last code cell this run ran raised. */
  let afterError = false;
  // The progress names cells as the answer will.
  const shown = shortCellIds(cellsOf(notebook.model).map((cell) => cell.id));
  try {
    for (const [at, cellId] of selected.entries()) {
      // Found again each time: the person may add, move or delete cells while the run goes on.
      const index = cellsOf(notebook.model).findIndex((cell) => cell.id === cellId);
      if (index < 0) {
        return { runs, kernel, stop: { notRun: selected.slice(at), why: `Cell "${cellId}" was deleted during the run` } };
      }
      const cell = notebook.model.cells.get(index);
      if (!runsCode(cell)) {
        renderMarkdown(notebook, index, { evenEmpty: true });
        runs.push({ entry: { status: 'no-op', cellId, index, type: cell.type, ...(cell.type === 'code' ? { empty: true } : {}) } });
        continue;
      }
      const unmark = call.markCell(notebook.path, cellId);
      call.progress = { cellsRun: at, cells: selected.length, runningCellId: shown.get(cellId) ?? cellId, runningIndex: index };
      let outcome: ExecutionOutcome;
      try {
        // Asked again only if a cell became code meanwhile.
        kernel ??= await kernelToRun(app, documents, tool, notebook);
        outcome = await runCode(notebook, index, kernel);
        if (outcome.status === 'aborted' && outcome.byKernel && afterError) {
          // ipykernel aborts what reaches it in the moment after an error it was asked to stop on (stop_on_error):
          // this cell never ran, and a run that goes on after a failing cell means it to.
          await new Promise((resolve) => setTimeout(resolve, ABORT_WINDOW_MS));
          outcome = await runCode(notebook, index, kernel);
        }
        afterError = outcome.status === 'error';
        documents.changes.ranByAgent(notebook, call.caller?.key, cellId, outcome);
      } finally {
        unmark();
        call.progress = undefined;
      }
      const run = cellRun(executionResult({ tool, what: 'a cell', onError, fields: { cellId, index } }, outcome));
      runs.push(run);
      const interrupted = wasInterrupted(outcome);
      if (run.failure && (!continueOnError || outcome.status === 'aborted' || outcome.status === 'deleted' || interrupted)) {
        return {
          runs,
          kernel,
          stop: {
            notRun: selected.slice(at + 1),
            why: interrupted ? 'The kernel was interrupted there, so the run stopped' : 'The run stopped there'
          }
        };
      }
    }
    return { runs, kernel };
  } finally {
    call.progress = undefined;
  }
}
