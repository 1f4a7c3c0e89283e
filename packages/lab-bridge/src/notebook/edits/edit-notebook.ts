/**
 * edit_notebook: several edits of the live notebook model, all or none. The
 * edits are planned first against the cells as they are (edit-plan.ts), so a
 * bad one changes nothing; the plan is then applied step by step, one shared
 * model transaction each (the model finds its cells by index only once a
 * transaction is over), as one step of JupyterLab's undo. With `run`, the
 * cells it added or changed (or all from the first of them down) then run as
 * run_cells runs them, and the answer is run_cells': a failing cell stops the
 * run, the edits stay. Unsaved unless `save` (or save_notebook).
 */
import type * as nbformat from '@jupyterlab/nbformat';
import type { INotebookModel } from '@jupyterlab/notebook';
import { EDIT_NOTEBOOK, succeed } from '@jupyter-live-mcp/protocol';
import { CommandFailure } from '../commands/command-failure.js';
import { isBlank, newCell } from './edit-commands.js';
import type { EditRefusal, EditStep } from './edit-plan.js';
import { wholeCellIds } from './edit-refs.js';
import { notebookTool } from '../commands/notebook-tool.js';
import type { NotebookParts } from '../documents/notebook-parts.js';
import { cellsOf } from '../cells/notebook-cells.js';
import { describeCellIds } from '../cells/cell-ids.js';
import { kernelToRun, renderMarkdown } from '../runs/run-cell.js';
import { openedNote } from '../documents/notebook-documents.js';
import { saveAfterWork } from '../documents/save-after-work.js';
import { runInTurn } from '../runs/cells-in-turn.js';
import { runReport } from '../runs/run-report.js';
import { cellsToRunAfter } from '../runs/run-selection.js';

export const editNotebookTool = notebookTool(EDIT_NOTEBOOK, async (args, parts: NotebookParts, call) => {
  const { notebookPath, edits, force = false, run } = args;
  const { documents } = parts;
  const { tool, caller } = call;
  const agent = caller?.key;
  const path = documents.normalize(notebookPath);
  documents.changes.refuseClosed(tool, path, agent, force);
  const { notebook, opened } = await documents.hold(tool, path);
  const before = cellsOf(notebook.model).map((cell) => ({ id: cell.id, type: cell.type, blank: isBlank(cell) }));
  const named = wholeCellIds(
    edits,
    before.map((cell) => cell.id)
  );
  if ('refused' in named) {
    throw refusedEdit(tool, notebook.path, named.refused);
  }
  // The planner is a chunk of its own, loaded at the first edit_notebook call.
  const { planEdits } = await import('./edit-plan.js');
  const planned = planEdits(notebook.path, before, named.edits, describeCellIds);
  if ('refused' in planned) {
    throw refusedEdit(tool, notebook.path, planned.refused);
  }
  // The cells the notebook had that the edits change, delete or move: a key of an earlier add is no cell of the notebook yet.
  const targets = named.edits.flatMap((edit) =>
    edit.op === 'add' ? [] : [{ cellId: edit.cellId, ...(edit.ifRevision ? { ifRevision: edit.ifRevision } : {}) }]
  );
  documents.changes.refuseConflicts(tool, notebook, agent, targets, force);
  // A run needs the kernel: without one the call is refused before it changes anything.
  const kernel = run ? await kernelToRun(parts.app, documents, tool, notebook) : undefined;
  const { steps, added, renewed, changed, replacedCellId } = planned.plan;
  const shared = notebook.model.sharedModel;
  // Changes made together become one undo step: so do the steps, and nothing before or after them.
  const undo = (shared as { undoManager?: { stopCapturing(): void } }).undoManager;
  undo?.stopCapturing();
  documents.changes.authors.by(agent, () => {
    for (const step of steps) {
      shared.transact(() => apply(shared, step));
    }
  });
  undo?.stopCapturing();
  // As JupyterLab's own delete does: the kernel hears of deleted cells at the next run (debuggers use it).
  notebook.model.deletedCells.push(...steps.flatMap((step) => (step.kind === 'delete' && step.cellId ? [step.cellId] : [])));
  const cells = cellsOf(notebook.model);
  documents.changes.saw(
    notebook.path,
    agent,
    changed.map((index) => ({ id: cells[index]!.id, source: cells[index]!.sharedModel.getSource() }))
  );
  for (const index of renewed) {
    renderMarkdown(notebook, index);
  }
  // What the agent could not know: the ids its adds got, in the order of the adds (a key's cell is its add's).
  const newCellIds = added.map(({ index }) => cells[index]!.id);
  const edited = {
    notebookPath: notebook.path,
    ...(newCellIds.length ? { newCellIds } : {}),
    ...(replacedCellId !== undefined
      ? { replacedCellId, message: "The notebook's only cell was empty: the new cells took its place (replacedCellId is gone)." }
      : {}),
    cellCount: cells.length
  };
  if (run) {
    // The journal's entry is the edits: whatever the person types while the cells run is theirs.
    await call.changesDone?.();
    const ran = await runInTurn(parts, call, notebook, cellsToRunAfter(run, cells, changed), { onError: ON_RUN_ERROR }, kernel);
    const saved = await saveAfterWork(documents, notebook, agent, args.save);
    return runReport(
      tool,
      ran.runs,
      ran.stop,
      { ...edited, ...(ran.kernel ? { kernelId: ran.kernel.id } : {}), ...saved, ...openedNote(notebook, opened) },
      ' The edits of this call stay in the notebook.'
    );
  }
  const saved = await saveAfterWork(documents, notebook, agent, args.save);
  // No outline of the cells: the agent knows what it sent, and read_notebook shows the rest.
  return succeed({ ...edited, ...saved, ...openedNote(notebook, opened) });
});

function refusedEdit(tool: string, notebookPath: string, { code, edit, op, reason }: EditRefusal): CommandFailure {
  return new CommandFailure(code, `${tool}: edits[${edit}] (${op}): ${reason} Nothing was changed: no edit of this call was applied.`, {
    notebookPath,
    edit
  });
}

const ON_RUN_ERROR = 'Fix it (edit_notebook or edit_cell), then run_cells from it (fromCellId).';

export type SharedNotebook = INotebookModel['sharedModel'];

function apply(shared: SharedNotebook, step: EditStep): void {
  switch (step.kind) {
    case 'insert':
      shared.insertCell(step.index, newCell(step.cellType, step.source));
      return;
    case 'delete':
      shared.deleteCell(step.index);
      return;
    case 'move':
      shared.moveCell(step.from, step.to);
      return;
    case 'setSource':
      shared.getCell(step.index).setSource(step.source);
      return;
    case 'setType':
      changeType(shared, step.index, step.cellType);
      return;
  }
}

/**
 * As JupyterLab's own change of cell type: the cell is made again with its id,
 * source, metadata and (between markdown and raw) attachments; a code cell's
 * outputs go, and a new code cell is trusted, having no outputs.
 */
export function changeType(shared: SharedNotebook, index: number, cellType: nbformat.CellType): void {
  const raw = shared.getCell(index).toJSON() as nbformat.IBaseCell & { attachments?: nbformat.IAttachments };
  const { trusted: _trusted, ...metadata } = raw.metadata;
  shared.deleteCell(index);
  shared.insertCell(index, {
    id: raw.id as string,
    cell_type: cellType as 'code',
    source: raw.source,
    metadata: cellType === 'code' ? { ...metadata, trusted: true } : metadata,
    ...(raw.attachments && cellType !== 'code' ? { attachments: raw.attachments } : {})
  });
}
