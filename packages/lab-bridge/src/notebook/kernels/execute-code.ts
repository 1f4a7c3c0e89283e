/**
 * execute_code: runs code in a running kernel over the connection the page
 * keeps for it (kernel-connections.ts). The code is not stored in the kernel's
 * history, so the person's execution counter does not move, and its failure
 * aborts nothing queued behind it (the person's cells, the agent's next call):
 * it is no cell of a notebook's run.
 */
import { OutputAreaModel } from '@jupyterlab/outputarea';
import { EXECUTE_CODE } from '@jupyter-live-mcp/protocol';
import { executionResult } from '../outputs/execution-outcome.js';
import { executeOnKernel } from './kernel-execution.js';
import { kernelStarted } from './kernel-started.js';
import { notebookTool } from '../commands/notebook-tool.js';
import type { KernelConnections } from './kernel-connections.js';

export const executeCodeTool = notebookTool(
  EXECUTE_CODE,
  async ({ kernelId, code }, { kernels }: { kernels: KernelConnections }, { tool }) => {
    const kernel = await kernels.get(tool, kernelId);
    await kernelStarted(kernel);
    const outputs = new OutputAreaModel();
    try {
      const outcome = await executeOnKernel(kernel, code, outputs, { storeHistory: false, stopOnError: false });
      return executionResult({ tool, what: 'the code', onError: 'See the traceback.', fields: { kernelId }, wholeOutputs: true }, outcome);
    } finally {
      outputs.dispose();
    }
  }
);
