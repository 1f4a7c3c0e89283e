/**
 * How far a run of several cells has come, told by the command that runs them
 * (run_cells) and read into the call's pending answers, so an agent waiting on
 * a long run sees which cell it is at. Keyed by the notebook: the one thing
 * the call (its arguments) and its command both know. Pure.
 */

export interface RunProgress {
  /** The cells the run has finished. */
  cellsRun: number;
  /** The cells it runs in all. */
  cells: number;
  /** The cell it runs now. */
  runningCellId: string;
  runningIndex: number;
}

export class RunProgressBoard {
  private readonly told = new Map<string, RunProgress>();

  /** Tells how far the run in this notebook has come; the function returned takes it back (if still its own). */
  tell(notebookPath: string, progress: RunProgress): () => void {
    this.told.set(notebookPath, progress);
    return () => {
      if (this.told.get(notebookPath) === progress) {
        this.told.delete(notebookPath);
      }
    };
  }

  of(notebookPath: string): RunProgress | undefined {
    return this.told.get(notebookPath);
  }
}

/** The progress as the pending answer's message says it. */
export function progressSentence(progress: RunProgress): string {
  return `cell ${progress.cellsRun + 1} of ${progress.cells} is running ("${progress.runningCellId}", index ${progress.runningIndex})`;
}
