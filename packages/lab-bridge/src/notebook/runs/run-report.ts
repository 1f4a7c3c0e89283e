/**
 * What run_cells answers, from each cell's result as run_cell would answer it
 * (execution-outcome.ts): the cells that ran, each without the message its
 * failure would repeat, and the cells that did not. A failure is the call's
 * answer, with the cells before it; its code is the first failing cell's. Pure.
 */
import { fail, succeed, type ResultCode, type ToolResult } from '@jupyter-live-mcp/protocol';

/** A cell that ran: what the result lists of it, and the failure it answered, if it did. */
export interface CellRun {
  entry: Record<string, unknown>;
  failure?: { code: string; error: string; status?: unknown };
}

/** A cell's run from the result run_cell would give: `success` and the failure's message taken out. */
export function cellRun(result: ToolResult): CellRun {
  const { success: _success, error: _error, ...entry } = result as ToolResult & { error?: string };
  return result.success ? { entry } : { entry, failure: { code: result.code, error: result.error, status: result.status } };
}

/** The cells left when the run stopped, and the sentence that says why it stopped. */
export interface Stop {
  notRun: string[];
  why: string;
}

/** `afterFailure`: a sentence a failure's message ends with (edit_notebook: that its edits stay). */
export function runReport(
  tool: string,
  runs: readonly CellRun[],
  stop: Stop | undefined,
  fields: Record<string, unknown>,
  afterFailure = ''
): ToolResult {
  const notRun = stop?.notRun ?? [];
  const answer = { ...fields, cells: runs.map((run) => run.entry), ...(notRun.length ? { notRun } : {}) };
  const left = stop && notRun.length ? ` ${stop.why}: ${count(notRun.length)} did not run (notRun).` : '';
  const failures = runs.flatMap((run) => (run.failure ? [run.failure] : []));
  const first = failures[0];
  if (first) {
    const error =
      failures.length > 1
        ? `${tool}: ${failures.length} of the ${runs.length} cells run failed (cells has each one's outcome). The first: ` +
          first.error.replace(`${tool}: `, '')
        : first.error;
    return fail(first.code as ResultCode, `${error}${left}${afterFailure}`, { status: first.status, ...answer });
  }
  if (left) {
    return fail('not_found', `${tool}:${left}${afterFailure}`, { status: 'aborted', ...answer });
  }
  return succeed({ status: 'ok', ...answer });
}

function count(cells: number): string {
  return cells === 1 ? '1 cell' : `${cells} cells`;
}
