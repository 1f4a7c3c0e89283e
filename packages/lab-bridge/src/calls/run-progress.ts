/**
 * How far a run of several cells has come, told by the command that runs them
 * (run_cells) and read into the call's pending answers, so an agent waiting on
 * a long run sees which cell it is at. Keyed by the notebook, the one thing the
 * call (its arguments) and its command both know; so while two runs go on in
 * one notebook, which progress is whose cannot be told, and none is given. Pure.
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

/** One run, as its command tells it. */
export interface RunTeller {
  /** The run starts a cell. */
  at(progress: RunProgress): void;
  /** The cell ended; the run goes on to the next, or ends. */
  between(): void;
  /** The run ended. */
  end(): void;
}

export class RunProgressBoard {
  private readonly runs = new Map<string, Set<{ progress?: RunProgress }>>();

  /** A run in this notebook begins. */
  start(notebookPath: string): RunTeller {
    const run: { progress?: RunProgress } = {};
    const runs = this.runs.get(notebookPath) ?? new Set();
    runs.add(run);
    this.runs.set(notebookPath, runs);
    return {
      at: (progress) => {
        run.progress = progress;
      },
      between: () => {
        run.progress = undefined;
      },
      end: () => {
        runs.delete(run);
        if (!runs.size) {
          this.runs.delete(notebookPath);
        }
      }
    };
  }

  /** The cell the one run in this notebook is at; none between cells, or while two runs go on. */
  of(notebookPath: string): RunProgress | undefined {
    const runs = this.runs.get(notebookPath);
    return runs?.size === 1 ? [...runs][0]?.progress : undefined;
  }
}

/** The progress as the pending answer's message says it. */
export function progressSentence(progress: RunProgress): string {
  return `cell ${progress.cellsRun + 1} of ${progress.cells} is running ("${progress.runningCellId}", index ${progress.runningIndex})`;
}
