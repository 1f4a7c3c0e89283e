/**
 * How far a run of several cells has come, told by the tool that runs them
 * (run_cells) in its call's context (call-context.ts) and read into that
 * call's pending answers, so an agent waiting on a long run sees which cell it
 * is at. Pure.
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

/** The progress as the pending answer's message says it. */
export function progressSentence(progress: RunProgress): string {
  return `cell ${progress.cellsRun + 1} of ${progress.cells} is running ("${progress.runningCellId}", index ${progress.runningIndex})`;
}
