/**
 * run_cells: runs several cells one after the other, each as run_cell runs
 * one (run-cell.ts), and answers each one's outcome as run_cell would
 * (execution-outcome.ts), without the message each failure would repeat. The
 * run stops at the first cell that fails unless continueOnError, and always
 * when the kernel stopped answering; the cells left are listed as not run. A
 * failure is the call's answer, with the cells before it: its code is the
 * first failing cell's. A long run needs nothing special: the call pipeline
 * answers pending by itself and wait_for_result collects the whole run.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import { fail, succeed, type ResultCode, type ToolResult } from '@jupyter-live-mcp/protocol';
import { executionResult } from './execution-outcome.js';
import { addNotebookCommand } from './notebook-command.js';
import { cellsOf } from './notebook-cells.js';
import { openedNote, type NotebookDocuments } from './notebook-documents.js';
import { kernelToRun, renderIfMarkdown, runCode, runsCode } from './run-cell.js';
import { selectCells } from './run-selection.js';

export function registerRunCells(app: JupyterFrontEnd, documents: NotebookDocuments): void {
  addNotebookCommand(app, 'runCells', 'Run Cells', async (args, tool) => {
    const { notebook, opened } = await documents.hold(tool, documents.normalize(args.notebookPath));
    const cellsNow = () => cellsOf(notebook.model);
    const selected = selectCells(tool, notebook.path, cellsNow(), args);
    const kernel = cellsNow().some((cell) => selected.includes(cell.id) && runsCode(cell))
      ? await kernelToRun(app, documents, tool, notebook)
      : undefined;
    const ran: Record<string, unknown>[] = [];
    const failures: { cellId: string; result: ToolResult & { success: false } }[] = [];
    let stopped: { at: number; why: string } | undefined;

    for (const [at, cellId] of selected.entries()) {
      // Found again each time: the person may add, move or delete cells while the run goes on.
      const index = cellsNow().findIndex((cell) => cell.id === cellId);
      if (index < 0) {
        stopped = { at, why: `Cell "${cellId}" was deleted during the run` };
        break;
      }
      const cell = notebook.model.cells.get(index);
      if (!runsCode(cell)) {
        renderIfMarkdown(notebook, index);
        ran.push({ status: 'no-op', cellId, index, type: cell.type, ...(cell.type === 'code' ? { empty: true } : {}) });
        continue;
      }
      const outcome = await runCode(notebook, index, kernel!);
      const result = executionResult(
        {
          tool,
          what: `cell "${cellId}" (index ${index})`,
          onError: 'Fix it (edit_cell or edit_notebook), then run_cells from it (fromCellId).',
          fields: { cellId, index }
        },
        outcome
      );
      const { success: _success, error: _error, ...entry } = result as ToolResult & { error?: string };
      ran.push(entry);
      if (!result.success) {
        failures.push({ cellId, result });
        if (!args.continueOnError || outcome.status === 'aborted') {
          stopped = { at: at + 1, why: 'The run stopped there' };
          break;
        }
      }
    }

    const notRun = stopped ? selected.slice(stopped.at) : [];
    const fields = {
      notebookPath: notebook.path,
      ...(kernel ? { kernelId: kernel.id } : {}),
      cells: ran,
      ...(notRun.length ? { notRun } : {}),
      ...openedNote(notebook, opened)
    };
    const left = notRun.length ? ` ${stopped!.why}: ${count(notRun.length)} did not run (notRun).` : '';
    const first = failures[0];
    if (first) {
      const error =
        failures.length > 1
          ? `${tool}: ${failures.length} of the ${ran.length} cells run failed (cells has each one's outcome). The first: ` +
            first.result.error.replace(`${tool}: `, '')
          : first.result.error;
      return fail(first.result.code as ResultCode, `${error}${left}`, { status: first.result.status, ...fields });
    }
    if (stopped) {
      return fail('not_found', `${tool}:${left}`, { status: 'aborted', ...fields });
    }
    return succeed({ status: 'ok', ...fields });
  });
}

function count(cells: number): string {
  return cells === 1 ? '1 cell' : `${cells} cells`;
}
