/**
 * The `save` input of the tools that change or run cells: the notebook saved
 * once the call's work is done, whatever its outcome, as save_notebook saves
 * it (the person's unsaved edits of it too). A save that fails is told in the
 * answer beside the work's outcome, which it does not undo.
 */
import type { HeldNotebook } from '../cells/held-notebook.js';
import type { NotebookDocuments } from './notebook-documents.js';

export async function saveAfterWork(
  documents: NotebookDocuments,
  notebook: HeldNotebook,
  agent: string | undefined,
  save: boolean | undefined
): Promise<{ saved?: boolean; saveError?: string }> {
  if (!save) {
    return {};
  }
  try {
    await documents.save(notebook, agent);
    return { saved: true };
  } catch (error) {
    return { saved: false, saveError: `The notebook was not saved: ${error instanceof Error ? error.message : String(error)}` };
  }
}
