/**
 * The person's revert of agent calls from the "Agent changes" panel (SPEC
 * §2.5): planned over the notebook's cells now (changes/revert-plan.ts), all
 * or none, then applied to the live model as one step of JupyterLab's undo.
 * It runs outside any agent call, so the page counts it as the person's edit.
 * A deleted cell comes back with its id, type and source (the journal keeps
 * no outputs).
 */
import { planJournalRevert, type RevertOutcome, type RevertScope, type RevertStep } from '../../changes/revert-plan.js';
import { changeType, type SharedNotebook } from '../edits/edit-notebook.js';
import { newCell } from '../edits/edit-commands.js';
import type { NotebookDocuments } from '../documents/notebook-documents.js';
import { cellStates, type JournalRecorder } from './journal-recorder.js';

const PANEL = 'Agent changes';

export async function revertCalls(
  documents: NotebookDocuments,
  { journal }: Pick<JournalRecorder, 'journal'>,
  id: number,
  scope: RevertScope
): Promise<RevertOutcome> {
  const path = journal.entry(id)?.notebook;
  const notebook = path === undefined ? undefined : await documents.held(PANEL, path).catch(() => undefined);
  if (path !== undefined && !notebook) {
    return { ok: false, reason: `"${path}" is no longer open in this page, so call #${id} cannot be taken back here.` };
  }
  const plan = planJournalRevert(journal, id, scope, notebook ? cellStates(notebook.model) : []);
  if (!plan.ok) {
    return { ok: false, reason: plan.reason };
  }
  const shared = notebook!.model.sharedModel;
  // The whole revert is one step of JupyterLab's undo, and nothing before or after it.
  const undo = (shared as { undoManager?: { stopCapturing(): void } }).undoManager;
  undo?.stopCapturing();
  for (const step of plan.steps) {
    shared.transact(() => apply(shared, step));
  }
  undo?.stopCapturing();
  journal.markReverted(plan.entries, Date.now());
  const calls = plan.entries.map((entry) => `#${entry}`).join(', ');
  return { ok: true, message: `Took back ${plan.entries.length === 1 ? 'call' : 'calls'} ${calls} in "${path}".` };
}

function apply(shared: SharedNotebook, step: RevertStep): void {
  const at = (cellId: string) => shared.cells.findIndex((cell) => cell.id === cellId);
  switch (step.op) {
    case 'delete':
      shared.deleteCell(at(step.cellId));
      return;
    case 'insert':
      shared.insertCell(Math.min(step.index, shared.cells.length), { ...newCell(step.cell.type, step.cell.source), id: step.cell.id });
      return;
    case 'move':
      shared.moveCell(at(step.cellId), Math.min(step.index, shared.cells.length - 1));
      return;
    case 'setSource':
      shared.getCell(at(step.cellId)).setSource(step.source);
      return;
    case 'setType':
      changeType(shared, at(step.cellId), step.type as Parameters<typeof changeType>[2]);
      return;
  }
}
