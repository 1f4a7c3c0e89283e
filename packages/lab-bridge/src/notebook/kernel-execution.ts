/**
 * Running code on a kernel connection the page already has, outside any
 * output area: for execute_code, and for a cell of a notebook held in memory.
 * Input is not allowed (nobody could type it), so input() fails at once
 * instead of waiting. Outputs go into an output area model, which merges
 * streams and clears as JupyterLab's own output areas do. A run whose
 * connection closes for good ends then, instead of waiting forever.
 */
import type { IOutputAreaModel } from '@jupyterlab/outputarea';
import type { Kernel } from '@jupyterlab/services';
import { connectionLost, watchConnectionLoss } from './connection-loss.js';
import { closedConnectionOutcome, lostOutcome, outcomeOfReply, type ExecutionOutcome } from './execution-outcome.js';
import { outputActionOf, type IopubMessage, type OutputAction } from './iopub-outputs.js';

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
  try {
    const future = kernel.requestExecute({
      code,
      silent: false,
      store_history: options.storeHistory,
      user_expressions: {},
      allow_stdin: false,
      stop_on_error: true
    });
    future.onIOPub = (message) => applyOutput(outputs, displays, outputActionOf(message as unknown as IopubMessage));
    const reply = await Promise.race([future.done, loss.lost.then(() => undefined)]);
    if (!reply) {
      return closedConnectionOutcome(true, outputs.toJSON());
    }
    // A run kept out of the history gets no execution count of its own.
    return outcomeOfReply(options.storeHistory ? reply.content : { ...reply.content, execution_count: null }, outputs.toJSON());
  } catch (error) {
    return lostOutcome(error, outputs.toJSON());
  } finally {
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
