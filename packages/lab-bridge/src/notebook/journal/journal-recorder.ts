/**
 * The journal of the agent's changes (SPEC §2.5) kept from the notebooks'
 * models: a call of a tool that changes cells is wrapped, the notebook's cells
 * read before it (or, when the call itself opens the notebook, as it opens)
 * and after it, and what changed between is the call's entry (changes/
 * journal.ts). The entries follow a notebook's rename and go when the page
 * closes it. Recording never fails a call.
 */
import type { INotebookModel } from '@jupyterlab/notebook';
import type { ToolResult } from '@jupyter-live-mcp/protocol';
import { cellChanges, type CellState } from '../../changes/cell-changes.js';
import type { Journal } from '../../changes/journal.js';
import { log } from '../../log.js';
import { cellsOf } from '../cells/notebook-cells.js';
import type { NotebookDocuments, DocumentEvent } from '../documents/notebook-documents.js';

export function cellStates(model: INotebookModel): CellState[] {
  return cellsOf(model).map((cell) => ({ id: cell.id, type: cell.type, source: cell.sharedModel.getSource() }));
}

export class JournalRecorder {
  constructor(
    private readonly documents: NotebookDocuments,
    readonly journal: Journal
  ) {
    documents.events.connect((_, event) => this.follow(event));
  }

  /**
   * Runs the call, keeping what it changed in the notebook at `notebookPath`: up to its end, or up to
   * when it calls `changesDone` (a call that runs cells after its edits, so the person's typing meanwhile
   * is not taken for its change).
   */
  async record(
    tool: string,
    notebookPath: string,
    agent: string,
    run: (changesDone: () => Promise<void>) => Promise<ToolResult>
  ): Promise<ToolResult> {
    const path = this.documents.normalize(notebookPath);
    let before = await this.cellsNow(tool, path);
    const opened = (_: unknown, event: DocumentEvent) => {
      if (event.kind === 'opened' && event.notebook.path === path && !before) {
        before = cellStates(event.notebook.model);
      }
    };
    this.documents.events.connect(opened);
    let taken: Promise<void> | undefined;
    const changesDone = () => {
      taken ??= (async () => {
        this.documents.events.disconnect(opened);
        const after = await this.cellsNow(tool, path);
        if (before && after) {
          this.journal.record({ tool, agent, notebook: path, time: Date.now(), cells: cellChanges(before, after) });
        }
      })();
      return taken;
    };
    try {
      return await run(changesDone);
    } finally {
      await changesDone();
    }
  }

  /** The notebook's cells if the page has it; a notebook it cannot read leaves the call unrecorded. */
  private async cellsNow(tool: string, path: string): Promise<CellState[] | undefined> {
    try {
      const notebook = await this.documents.held(tool, path);
      return notebook && cellStates(notebook.model);
    } catch (error) {
      log.warn(`the journal of agent changes could not read ${path}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  private follow(event: DocumentEvent): void {
    if (event.kind === 'closed') {
      this.journal.closed(event.path);
    } else if (event.kind === 'renamed') {
      this.journal.renamed(event.from, event.to);
    }
  }
}
