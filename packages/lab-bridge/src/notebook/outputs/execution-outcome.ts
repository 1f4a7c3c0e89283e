/**
 * How a run of code ended, and the result run_cell and execute_code answer
 * with. An exception in the code is the code's outcome, not a failed call:
 * its own code (cell_error), with the error's name, value and traceback once,
 * without colour escapes. A cell's run answers condensed outputs and the last
 * frames of the traceback (condensed-outputs.ts), as the reads show the cell;
 * code run on its own (execute_code) has no cell to read again, so it answers
 * them whole. Pure.
 */
import type * as nbformat from '@jupyterlab/nbformat';
import { fail, succeed, type ToolResult } from '@jupyter-live-mcp/protocol';
import { condenseOutputs, condenseTraceback } from './condensed-outputs.js';
import { outputsForAgent, stripAnsi, tracebackText } from './nbformat-outputs.js';

/** What every outcome may add: a warning the result carries as its `warning`. */
type Warned = { warning?: string };

export type ExecutionOutcome = Warned &
  (
    | { status: 'ok'; executionCount: number | null; outputs: nbformat.IOutput[] }
    | { status: 'error'; executionCount: number | null; outputs: nbformat.IOutput[]; ename: string; evalue: string; traceback: string[] }
    /** The code asked for input, which nobody here can type; the run was stopped. */
    | { status: 'input'; outputs: nbformat.IOutput[]; prompt?: string }
    /** The kernel did not finish the run: it aborted it, restarted or died. */
    | { status: 'aborted'; outputs: nbformat.IOutput[]; reason: string; byKernel?: true }
    /** The cell was deleted while it ran: its outputs went with it. */
    | { status: 'deleted'; outputs: nbformat.IOutput[] }
  );

/** The parts of an execute_reply's content read here. */
export interface ExecuteReply {
  status: string;
  execution_count?: number | null;
  ename?: string;
  evalue?: string;
  traceback?: string[];
}

/** ipykernel's answer to input() when the request did not allow stdin. */
const NO_STDIN_ERROR = 'StdinNotImplementedError';

/**
 * The outcome of a finished execute request. An error the kernel reports
 * only as an output (some kernels do) still makes the run an error.
 */
export function outcomeOfReply(reply: ExecuteReply, outputs: nbformat.IOutput[]): ExecutionOutcome {
  const executionCount = reply.execution_count ?? null;
  const errorOutput = outputs.find((output) => output.output_type === 'error') as nbformat.IError | undefined;
  if (reply.status === 'error' || errorOutput) {
    const ename = reply.ename ?? errorOutput?.ename ?? 'Error';
    if (ename === NO_STDIN_ERROR) {
      return { status: 'input', outputs };
    }
    return {
      status: 'error',
      executionCount,
      outputs,
      ename,
      evalue: reply.evalue ?? errorOutput?.evalue ?? '',
      traceback: reply.traceback ?? errorOutput?.traceback ?? []
    };
  }
  if (reply.status === 'ok') {
    return { status: 'ok', executionCount, outputs };
  }
  // 'abort' ('aborted' before protocol 5.1): an earlier request in the queue failed.
  return { status: 'aborted', outputs, reason: 'the kernel aborted it (an earlier execution in its queue failed)', byKernel: true };
}

/** The exceptions kernels raise in code an interrupt stopped: Python's, JupyterLite's, Julia's. */
const INTERRUPT_ERRORS = new Set(['KeyboardInterrupt', 'Kernel Interrupt', 'InterruptException']);

/**
 * A run the kernel was interrupted in. Whoever interrupted it, the person or the
 * agent, meant the work to stop, so a run of several cells stops there even with
 * continueOnError.
 */
export function wasInterrupted(outcome: ExecutionOutcome): boolean {
  return outcome.status === 'error' && INTERRUPT_ERRORS.has(outcome.ename);
}

/** What the page knows of the kernel when a run was lost: its status then, and whether the page's connection to it closed. */
export interface KernelNow {
  status: string;
  isDisposed: boolean;
}

/** A run that ended without a reply: the future was cancelled, e.g. by a restart. */
export function lostOutcome(error: unknown, outputs: nbformat.IOutput[], kernel?: KernelNow): ExecutionOutcome {
  const message = error instanceof Error ? error.message : String(error);
  const now = kernel ? `; the kernel is now ${kernel.status}${kernel.isDisposed ? " and the page's connection to it is closed" : ''}` : '';
  return { status: 'aborted', outputs, reason: `the kernel stopped answering it (${message}${now}): it restarted or died` };
}

/** A run whose kernel connection is closed for good (connection-loss.ts): not sent, or sent with its end unheard. */
export function closedConnectionOutcome(sent: boolean, outputs: nbformat.IOutput[]): ExecutionOutcome {
  const closed = sent
    ? "the page's connection to the kernel closed during the run and does not reopen by itself, so whether the code ran to its end is unknown"
    : "the page's connection to the kernel is closed and does not reopen by itself, so the code was not sent";
  return { status: 'aborted', outputs, reason: `${closed} (reloading the page reconnects)` };
}

export interface RunSubject {
  /** The tool, named first in errors. */
  tool: string;
  /** What ran, as the messages say it: 'cell "abc"', 'the code'. */
  what: string;
  /** What the agent may do about an exception. */
  onError: string;
  /** Fields every answer carries (notebookPath, cellId, kernelId…). */
  fields: Record<string, unknown>;
  /** Outputs and traceback whole, for code that is in no cell (default: condensed, as a cell's are read). */
  wholeOutputs?: boolean;
}

export function executionResult(subject: RunSubject, outcome: ExecutionOutcome): ToolResult {
  const { tool, what } = subject;
  // An error output is told once, in ename, evalue and traceback.
  const shown = outcome.outputs.filter((output) => output.output_type !== 'error');
  const outputs = subject.wholeOutputs ? outputsForAgent(shown) : condenseOutputs(shown);
  // What is absent is left out: no empty outputs, no count for a run that got none.
  const fields = {
    ...subject.fields,
    ...(outcome.warning ? { warning: outcome.warning } : {}),
    ...('executionCount' in outcome && outcome.executionCount !== null ? { executionCount: outcome.executionCount } : {})
  };
  const shownOutputs = outputs.length ? { outputs } : {};
  switch (outcome.status) {
    case 'ok':
      return succeed({ status: 'ok', ...fields, ...shownOutputs });
    case 'error': {
      const error = `${outcome.ename}${outcome.evalue ? `: ${stripAnsi(outcome.evalue)}` : ''}`;
      // The sentence says what the fields beside it do not: which exception is in ename and evalue.
      return fail(
        'cell_error',
        `${tool}: ${what} raised an exception (ename, evalue, traceback). That is the code's outcome, not a failure of the call. ${subject.onError}`,
        {
          status: 'error',
          ...fields,
          ename: outcome.ename,
          evalue: stripAnsi(outcome.evalue),
          traceback: subject.wholeOutputs ? tracebackText(outcome.traceback) : condenseTraceback(outcome.traceback, error),
          ...shownOutputs
        }
      );
    }
    case 'input':
      return fail(
        'kernel_input',
        `${tool}: ${what} asked for input${outcome.prompt ? ` (prompt ${JSON.stringify(outcome.prompt)})` : ''}, which an ` +
          'agent cannot type, so the run was stopped. Put the value in the code instead (a variable or an argument), then run it again.',
        { status: 'error', ...fields, ...shownOutputs }
      );
    case 'deleted':
      return fail(
        'not_found',
        `${tool}: ${what} was deleted while it ran, so its outputs are gone. Its code may still be running in the kernel ` +
          '(get_context kernels shows it busy; interrupt_kernel stops it).',
        { status: 'aborted', ...fields, ...shownOutputs }
      );
    case 'aborted':
      return fail(
        'execution_aborted',
        `${tool}: ${what} did not run to its end: ${outcome.reason}. Check the kernel (get_context kernels), then run it again.`,
        { status: 'aborted', ...fields, ...shownOutputs }
      );
  }
}
