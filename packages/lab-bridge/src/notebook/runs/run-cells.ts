/**
 * run_cells: runs several cells one after the other (cells-in-turn.ts) and
 * answers each one's outcome as run_cell would (run-report.ts), then saves the
 * notebook when asked, whatever the run's outcome. A long run needs nothing
 * special: the call pipeline answers pending by itself and wait_for_result
 * collects the whole run.
 */
import { RUN_CELLS } from '@jupyter-live-mcp/protocol';
import { notebookTool } from '../commands/notebook-tool.js';
import type { NotebookParts } from '../documents/notebook-parts.js';
import { cellsOf } from '../cells/notebook-cells.js';
import { openedNote } from '../documents/notebook-documents.js';
import { saveAfterWork } from '../documents/save-after-work.js';
import { kernelFor, runInTurn } from './cells-in-turn.js';
import { runReport } from './run-report.js';
import { cellsToRun } from './run-selection.js';

export const runCellsTool = notebookTool(RUN_CELLS, async (args, parts: NotebookParts, call) => {
  const { tool } = call;
  const { documents } = parts;
  const { notebook, opened } = await documents.hold(tool, documents.normalize(args.notebookPath));
  const selected = cellsToRun(tool, notebook.path, cellsOf(notebook.model), args);
  // Refused before any cell runs.
  const asked = await kernelFor(parts, tool, notebook, selected);
  const { runs, stop, kernel } = await runInTurn(
    parts,
    call,
    notebook,
    selected,
    { continueOnError: args.continueOnError, onError: 'Fix it (edit_cell or edit_notebook), then run_cells from it (fromCellId).' },
    asked
  );
  const saved = await saveAfterWork(documents, notebook, call.caller?.key, args.save);
  return runReport(tool, runs, stop, {
    notebookPath: notebook.path,
    ...(kernel ? { kernelId: kernel.id } : {}),
    ...saved,
    ...openedNote(notebook, opened)
  });
});
