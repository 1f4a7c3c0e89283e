import * as nbformat from '@jupyterlab/nbformat';
import { KernelMessage, type Kernel } from '@jupyterlab/services';
import { addAiCommand, type AiCommands, errorMessage } from './command.js';

interface Services extends AiCommands {
  kernels: Kernel.IManager;
}

/** A new connection to the running kernel `kernelId`; the caller disposes it. */
async function connectToRunning(kernels: Kernel.IManager, kernelId: string): Promise<Kernel.IKernelConnection> {
  await kernels.ready;
  const find = () => [...kernels.running()].find((model) => model.id === kernelId);
  // The manager polls the server, so a kernel started a moment ago may not be listed yet.
  let model = find();
  if (!model) {
    await kernels.refreshRunning();
    model = find();
  }
  if (!model) {
    throw new Error(`No running kernel found with ID: ${kernelId}`);
  }
  return kernels.connectTo({ model });
}

/** Builds nbformat outputs from iopub messages the way an output area would. */
function collectOutputs(future: Kernel.IShellFuture<KernelMessage.IExecuteRequestMsg, KernelMessage.IExecuteReplyMsg>): nbformat.IOutput[] {
  const outputs: nbformat.IOutput[] = [];
  let clearOnNext = false;
  future.onIOPub = (msg) => {
    if (KernelMessage.isClearOutputMsg(msg)) {
      if (msg.content.wait) {
        clearOnNext = true;
      } else {
        outputs.length = 0;
      }
      return;
    }
    let output: nbformat.IOutput | undefined;
    if (KernelMessage.isStreamMsg(msg)) {
      const last = outputs[outputs.length - 1];
      if (!clearOnNext && last && nbformat.isStream(last) && last.name === msg.content.name) {
        last.text += msg.content.text;
        return;
      }
      output = { output_type: 'stream', name: msg.content.name, text: msg.content.text };
    } else if (KernelMessage.isDisplayDataMsg(msg) || KernelMessage.isUpdateDisplayDataMsg(msg)) {
      output = { output_type: msg.header.msg_type, data: msg.content.data, metadata: msg.content.metadata };
    } else if (KernelMessage.isExecuteResultMsg(msg)) {
      const { data, metadata, execution_count } = msg.content;
      output = { output_type: 'execute_result', data, metadata, execution_count };
    } else if (KernelMessage.isErrorMsg(msg)) {
      const { ename, evalue, traceback } = msg.content;
      output = { output_type: 'error', ename, evalue, traceback };
    }
    if (output) {
      if (clearOnNext) {
        outputs.length = 0;
        clearOnNext = false;
      }
      outputs.push(output);
    }
  };
  return outputs;
}

function registerExecuteInKernel({ commands, release, kernels }: Services): void {
  addAiCommand<{
    kernelId: string;
    code: string;
    silent?: boolean;
    storeHistory?: boolean;
    stopOnError?: boolean;
  }>(
    { commands, release },
    {
      name: 'execute-in-kernel',
      since: '0.3.1',
      label: 'Execute in Kernel',
      caption: 'Execute code in a running kernel and return the outputs',
      properties: {
        kernelId: { type: 'string', description: 'The ID of the kernel to execute code in' },
        code: { type: 'string', description: 'The code to execute' },
        silent: {
          type: 'boolean',
          description: 'If true, execute quietly without broadcasting output (default: false)'
        },
        storeHistory: {
          type: 'boolean',
          description: 'If true, store the code in the kernel execution history (default: true)'
        },
        stopOnError: {
          type: 'boolean',
          description: 'If true, abort the execution queue on an error (default: false)'
        }
      },
      required: ['kernelId', 'code'],
      execute: async ({ kernelId, code, silent = false, storeHistory = true, stopOnError = false }) => {
        if (!kernelId) {
          throw new Error('kernelId is required');
        }
        if (!code) {
          throw new Error('code is required');
        }
        const kernel = await connectToRunning(kernels, kernelId);
        let status: 'ok' | 'error' | 'abort' = 'ok';
        let executionCount: number | null = null;
        let error: { ename?: string; evalue?: string; traceback?: string[] } | undefined;
        let outputs: nbformat.IOutput[] = [];
        try {
          const future = kernel.requestExecute({
            code,
            silent,
            store_history: storeHistory,
            user_expressions: {},
            // Nobody could answer an input() prompt: the kernel raises StdinNotImplementedError.
            allow_stdin: false,
            stop_on_error: stopOnError
          });
          outputs = collectOutputs(future);
          const reply = (await future.done).content;
          // 'aborted' is the pre-5.1 protocol spelling of 'abort'.
          status = reply.status === 'ok' || reply.status === 'error' ? reply.status : 'abort';
          if (reply.status === 'ok') {
            executionCount = reply.execution_count;
          } else if (reply.status === 'error') {
            error = reply;
          }
        } catch (failure) {
          // The kernel died or restarted before replying.
          status = 'error';
          error = outputs.find(nbformat.isError) ?? { ename: 'ExecutionError', evalue: errorMessage(failure) };
        } finally {
          kernel.dispose();
        }
        const messages = {
          ok: 'Kernel execution completed successfully',
          error: 'Kernel execution failed',
          abort: 'Kernel execution was aborted'
        };
        return {
          success: status === 'ok',
          status,
          executionCount,
          outputs,
          message: messages[status],
          kernelId,
          outputCount: outputs.length,
          ...(error ? { errorName: error.ename, errorValue: error.evalue, traceback: error.traceback } : {})
        };
      }
    }
  );
}

function registerListKernels({ commands, release, kernels }: Services): void {
  addAiCommand<Record<string, never>>(
    { commands, release },
    {
      name: 'list-kernels',
      label: 'List Kernels',
      caption: 'List all running kernels',
      properties: {},
      execute: async () => {
        await kernels.ready;
        await kernels.refreshRunning();
        const running = [...kernels.running()].map(({ id, name, execution_state, last_activity, connections }) => ({
          id,
          name,
          execution_state,
          last_activity,
          connections
        }));
        return { success: true, kernels: running, count: running.length };
      }
    }
  );
}

export function registerKernelCommands(services: Services): void {
  registerExecuteInKernel(services);
  registerListKernels(services);
}
