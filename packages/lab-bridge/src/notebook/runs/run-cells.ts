/**
 * run_cells: runs several cells one after the other, each as run_cell runs
 * one (run-cell.ts), and answers each one's outcome as run_cell would
 * (run-report.ts). The run stops at the first cell that fails unless
 * continueOnError, and always when the kernel stopped answering or was
 * interrupted, or the running cell was deleted. A long run needs nothing special: the call pipeline answers
 * pending by itself and wait_for_result collects the whole run. The cell being run is marked for
 * the person, and told as the call's progress, only while it runs (both in the call's context).
 */
import { RUN_CELLS } from '@jupyter-live-mcp/protocol';
import { executionResult, wasInterrupted, type ExecutionOutcome } from '../outputs/execution-outcome.js';
import { notebookTool } from '../commands/notebook-tool.js';
import type { NotebookParts } from '../documents/notebook-parts.js';
import { cellsOf } from '../cells/notebook-cells.js';
import { openedNote } from '../documents/notebook-documents.js';
import { kernelToRun, renderMarkdown, runCode, runsCode } from './run-cell.js';
import { cellRun, runReport, type CellRun, type Stop } from './run-report.js';
import { cellsToRun } from './run-selection.js';

export const runCellsTool = notebookTool(RUN_CELLS, async (args, { app, documents }: NotebookParts, call) => {
  const { tool } = call;
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
      const unmark = call.markCell(notebook.path, cellId);
      call.progress = { cellsRun: at, cells: selected.length, runningCellId: cellId, runningIndex: index };
      let outcome: ExecutionOutcome;
      try {
        kernel ??= await kernelToRun(app, documents, tool, notebook);
        outcome = await runCode(notebook, index, kernel);
        documents.changes.ranByAgent(notebook, call.caller?.key, cellId, outcome);
      } finally {
        unmark();
        call.progress = undefined;
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
      if (run.failure && (!args.continueOnError || outcome.status === 'aborted' || outcome.status === 'deleted' || interrupted)) {
        stop = {
          notRun: selected.slice(at + 1),
          why: interrupted ? 'The kernel was interrupted there, so the run stopped' : 'The run stopped there'
        };
        break;
      }
    }
  } finally {
    call.progress = undefined;
  }
  return runReport(tool, runs, stop, {
    notebookPath: notebook.path,
    ...(kernel ? { kernelId: kernel.id } : {}),
    ...openedNote(notebook, opened)
  });
});
