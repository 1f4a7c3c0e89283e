/**
 * execute_code: runs code in a running kernel over a connection the page
 * already has — an open document's, a held notebook's, or one kept here per
 * kernel — never a new connection per call. The code is not stored in the
 * kernel's history, so the person's execution counter does not move.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import { OutputAreaModel } from '@jupyterlab/outputarea';
import type { Kernel } from '@jupyterlab/services';
import { documentKernel } from '../jupyterlab/main-area.js';
import { CommandFailure } from './command-failure.js';
import { executionResult } from './execution-outcome.js';
import { executeOnKernel } from './kernel-execution.js';
import { addNotebookCommand } from './notebook-command.js';
import type { NotebookDocuments } from './notebook-documents.js';

export function registerExecuteCode(app: JupyterFrontEnd, documents: NotebookDocuments): void {
  const connections = new KernelConnections(app, documents);
  addNotebookCommand(app, 'executeCode', 'Execute Code in Kernel', async ({ kernelId, code }, tool) => {
    const kernel = await connections.get(tool, kernelId);
    const outputs = new OutputAreaModel();
    try {
      const outcome = await executeOnKernel(kernel, code, outputs, { storeHistory: false });
      return executionResult({ tool, what: 'the code', onError: 'See the traceback.', fields: { kernelId } }, outcome);
    } finally {
      outputs.dispose();
    }
  });
}

/** The page's connections to running kernels, with one of its own for a kernel nothing here is connected to. */
class KernelConnections {
  private readonly own = new Map<string, Kernel.IKernelConnection>();

  constructor(
    private readonly app: JupyterFrontEnd,
    private readonly documents: NotebookDocuments
  ) {
    const kernels = app.serviceManager.kernels;
    kernels.runningChanged.connect(() => {
      const running = new Set([...kernels.running()].map((model) => model.id));
      for (const [id, connection] of this.own) {
        if (!running.has(id)) {
          this.drop(id, connection);
        }
      }
    });
  }

  async get(tool: string, kernelId: string): Promise<Kernel.IKernelConnection> {
    const shared = documentKernel(this.app, kernelId) ?? this.documents.kernelConnection(kernelId);
    if (shared) {
      return shared;
    }
    const kept = this.own.get(kernelId);
    if (kept && !kept.isDisposed && kept.status !== 'dead') {
      return kept;
    }
    if (kept) {
      this.drop(kernelId, kept);
    }
    const kernels = this.app.serviceManager.kernels;
    const find = () => [...kernels.running()].find((model) => model.id === kernelId);
    // A kernel started a moment ago may not be in the list yet.
    const model = find() ?? (await kernels.refreshRunning().then(find));
    if (!model) {
      throw new CommandFailure('not_found', `${tool}: no running kernel has the id "${kernelId}". get_context lists the running kernels.`);
    }
    const connection = kernels.connectTo({ model, handleComms: false });
    this.own.set(kernelId, connection);
    return connection;
  }

  private drop(id: string, connection: Kernel.IKernelConnection): void {
    this.own.delete(id);
    connection.dispose();
  }
}
