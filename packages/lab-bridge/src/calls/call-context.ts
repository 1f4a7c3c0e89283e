/**
 * What a tool's run knows of the call it serves, handed to it directly (a
 * JupyterLab command's arguments could not carry it): the tool called, where
 * the run tells how far it has come (its pending answers say it), and how it
 * marks for the person the cell it works on. A call through execute_command,
 * or from the page's own command palette, gets one of its own.
 */
import type { Caller } from '../changes/caller.js';
import type { RunProgress } from './run-progress.js';

export interface CallContext {
  /** The tool called, named in its messages. */
  readonly tool: string;
  /** The agent that made the call (changes/caller.ts); none for a run the page's own command palette started. */
  readonly caller?: Caller;
  /**
   * The ids of every cell of a notebook the call read from its file, the page not holding it: the answer's
   * ids are shown short against them (notebook/commands/shown-ids.ts), as against a held notebook's own.
   */
  fileCellIds?: readonly string[];
  /** How far the call has come now (a run of several cells: the cell it runs); none between steps. */
  progress?: RunProgress;
  /**
   * For a tool that changes cells and then does more (edit_notebook's run): says it changes no more, so
   * the journal's entry for the call is taken now and not at its end. Never throws.
   */
  changesDone?: () => Promise<void>;
  /** Marks, for the person, the cell the call works on now, until the function returned is called. Never throws. */
  markCell(notebookPath: string, cellId: string): () => void;
}
