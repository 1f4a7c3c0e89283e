/**
 * Running code on a kernel connection the page already has, outside any
 * output area: for execute_code, and for a cell of a notebook held in memory.
 * Input is not allowed (nobody could type it), so input() fails at once
 * instead of waiting. Outputs go into an output area model, which merges
 * streams and clears as JupyterLab's own output areas do. A run whose
 * connection closes for good ends then, instead of waiting forever; so does one
 * whose reply comes with nothing heard on IOPub (UNHEARD_IOPUB_MS).
 */
import type { IOutputAreaModel } from '@jupyterlab/outputarea';
import type { Kernel, KernelMessage } from '@jupyterlab/services';
import { connectionLost, watchConnectionLoss } from './connection-loss.js';
import { closedConnectionOutcome, lostOutcome, outcomeOfReply, type ExecutionOutcome } from './execution-outcome.js';
import { outputActionOf, type IopubMessage, type OutputAction } from './iopub-outputs.js';

/**
 * How long a reply waits for the run's first IOPub message. The kernel publishes
 * "busy" before it runs the code and replies after, so a reply with nothing on
 * IOPub means this connection's IOPub missed the run (it was reconnecting: the
 * kernel had just restarted through another connection), and JupyterLab would
 * wait for the run's closing "idle" forever.
 */
export const UNHEARD_IOPUB_MS = 2000;

/** Said with a result whose reply came with no IOPub at all. */
export const UNHEARD_OUTPUTS_WARNING =
  "The run's outputs may be missing: the page's connection to the kernel heard its reply but nothing it printed or showed " +
  "(the connection was reconnecting, e.g. after a restart elsewhere). The status and any error are the kernel's own.";

export async function executeOnKernel(
  kernel: Kernel.IKernelConnection,
  code: string,
  outputs: IOutputAreaModel,
  options: { storeHistory: boolean }
): Promise<ExecutionOutcome> {
  // Sent now it would wait, unsent, for a connection that does not come back.
  if (connectionLost(kernel)) {
    return closedConnectionOutcome(false, outputs.toJSON());
  }
  const displays = new Map<string, number[]>();
  const loss = watchConnectionLoss(kernel);
  let unheardTimer: ReturnType<typeof setTimeout> | undefined;
  try {
    const future = kernel.requestExecute({
      code,
      silent: false,
      store_history: options.storeHistory,
      user_expressions: {},
      allow_stdin: false,
      stop_on_error: true
    });
    let heard = false;
    future.onIOPub = (message) => {
      heard = true;
      applyOutput(outputs, displays, outputActionOf(message as unknown as IopubMessage));
    };
    const unheardReply = new Promise<KernelMessage.IExecuteReplyMsg>((resolve) => {
      future.onReply = (reply) => {
        if (!heard) {
          unheardTimer = setTimeout(() => heard || resolve(reply), UNHEARD_IOPUB_MS);
        }
      };
    });
    const ended = await Promise.race([
      future.done.then((reply) => ({ reply, unheard: false })),
      unheardReply.then((reply) => ({ reply, unheard: true })),
      loss.lost.then(() => undefined)
    ]);
    if (!ended) {
      return closedConnectionOutcome(true, outputs.toJSON());
    }
    const { content } = ended.reply;
    // A run kept out of the history gets no execution count of its own.
    const outcome = outcomeOfReply(options.storeHistory ? content : { ...content, execution_count: null }, outputs.toJSON());
    return ended.unheard ? { ...outcome, warning: UNHEARD_OUTPUTS_WARNING } : outcome;
  } catch (error) {
    return lostOutcome(error, outputs.toJSON());
  } finally {
    clearTimeout(unheardTimer);
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
