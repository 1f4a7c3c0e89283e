/**
 * Running code on a kernel connection the page already has, outside any
 * output area: for execute_code, and for a cell of a notebook held in memory.
 * Input is not allowed (nobody could type it), so input() fails at once
 * instead of waiting. Outputs go into an output area model, which merges
 * streams and clears as JupyterLab's own output areas do. A run whose
 * connection closes for good ends then, instead of waiting forever; so does one
 * whose IOPub the connection missed (lost-iopub.ts), once its reply is in.
 */
import type { IOutputAreaModel } from '@jupyterlab/outputarea';
import type { Kernel } from '@jupyterlab/services';
import { connectionLost, watchConnectionLoss } from './connection-loss.js';
import { closedConnectionOutcome, lostOutcome, outcomeOfReply, type ExecutionOutcome } from '../outputs/execution-outcome.js';
import { outputActionOf, type IopubMessage, type OutputAction } from '../outputs/iopub-outputs.js';
import { watchIopub } from './lost-iopub.js';

/** Said with a result whose run's IOPub was lost (lost-iopub.ts). */
export const LOST_OUTPUTS_WARNING =
  "The run's outputs may be missing: the page's connection to the kernel heard its reply but not what it printed or showed " +
  "(the connection was reconnecting, e.g. after a restart elsewhere). The status and any error are the kernel's own.";

export async function executeOnKernel(
  kernel: Kernel.IKernelConnection,
  code: string,
  outputs: IOutputAreaModel,
  options: {
    storeHistory: boolean;
    /** Whether the kernel aborts the requests queued behind this one if it fails, as for a notebook's cells. */
    stopOnError: boolean;
  }
): Promise<ExecutionOutcome> {
  // Sent now it would wait, unsent, for a connection that does not come back.
  if (connectionLost(kernel)) {
    return closedConnectionOutcome(false, outputs.toJSON());
  }
  const displays = new Map<string, number[]>();
  const loss = watchConnectionLoss(kernel);
  let stopIopubWatch: (() => void) | undefined;
  try {
    const future = kernel.requestExecute({
      code,
      silent: false,
      store_history: options.storeHistory,
      user_expressions: {},
      allow_stdin: false,
      stop_on_error: options.stopOnError
    });
    const iopub = watchIopub(kernel, future);
    stopIopubWatch = iopub.stop;
    future.onIOPub = (message) => {
      iopub.heard();
      applyOutput(outputs, displays, outputActionOf(message as unknown as IopubMessage));
    };
    const ended = await Promise.race([
      future.done.then((reply) => ({ reply, iopubLost: false })),
      iopub.lost.then((reply) => ({ reply, iopubLost: true })),
      loss.lost.then(() => undefined)
    ]);
    if (!ended) {
      return closedConnectionOutcome(true, outputs.toJSON());
    }
    const { content } = ended.reply;
    // A run kept out of the history gets no execution count of its own.
    const outcome = outcomeOfReply(options.storeHistory ? content : { ...content, execution_count: null }, outputs.toJSON());
    if (!ended.iopubLost) {
      return outcome;
    }
    // Its IOPub coming late after all must not write into outputs already answered (a cell's, maybe running again by then).
    future.dispose();
    return { ...outcome, warning: LOST_OUTPUTS_WARNING };
  } catch (error) {
    return lostOutcome(error, outputs.toJSON(), kernel);
  } finally {
    stopIopubWatch?.();
    loss.stop();
  }
}

function applyOutput(outputs: IOutputAreaModel, displays: Map<string, number[]>, action: OutputAction | undefined): void {
  if (!action) {
    return;
  }
  if (action.kind === 'clear') {
    outputs.clear(action.wait);
    displays.clear();
  } else if (action.kind === 'update') {
    for (const index of displays.get(action.displayId) ?? []) {
      outputs.set(index, action.output);
    }
  } else {
    outputs.add(action.output);
    if (action.displayId) {
      displays.set(action.displayId, [...(displays.get(action.displayId) ?? []), outputs.length - 1]);
    }
  }
}
