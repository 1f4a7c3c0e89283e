/**
 * execute_code: runs code in a running kernel over a connection the page keeps
 * for it — one per kernel, opened at the first call and reused, never a new
 * connection per call. Not a document's own connection: JupyterLab's listeners
 * on that one (the debugger) answer every request on it with requests of
 * their own, whose status messages make the kernel look idle while the code
 * runs. The code is not stored in the kernel's history, so the person's
 * execution counter does not move.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import { OutputAreaModel } from '@jupyterlab/outputarea';
import type { Kernel } from '@jupyterlab/services';
import { kernelConnectionOf, mainAreaWidgets } from '../jupyterlab/main-area.js';
import { executionResult } from './execution-outcome.js';
import { executeOnKernel } from './kernel-execution.js';
import { addNotebookCommand } from './notebook-command.js';
import { runningKernel } from './running-kernel.js';

export function registerExecuteCode(app: JupyterFrontEnd): void {
  const connections = new KernelConnections(app);
  addNotebookCommand(app, 'executeCode', 'Execute Code in Kernel', async ({ kernelId, code }, tool) => {
    const kernel = await connections.get(tool, kernelId);
    const outputs = new OutputAreaModel();
    try {
      const outcome = await executeOnKernel(kernel, code, outputs, { storeHistory: false });
      return executionResult({ tool, what: 'the code', onError: 'See the traceback.', fields: { kernelId }, wholeOutputs: true }, outcome);
    } finally {
      outputs.dispose();
    }
  });
}

/** One connection per running kernel, kept until the kernel goes away or restarts. */
class KernelConnections {
  private readonly kept = new Map<string, Kernel.IKernelConnection>();
  private readonly watched = new WeakSet<Kernel.IKernelConnection>();
  private readonly kernels: Kernel.IManager;

  constructor(private readonly app: JupyterFrontEnd) {
    const kernels = app.serviceManager.kernels;
    this.kernels = kernels;
    kernels.runningChanged.connect(() => {
      const running = new Set([...kernels.running()].map((model) => model.id));
      for (const [id, connection] of this.kept) {
        if (!running.has(id)) {
          this.drop(id, connection);
        }
      }
    });
  }

  async get(tool: string, kernelId: string): Promise<Kernel.IKernelConnection> {
    this.watchDocuments();
    const kept = this.kept.get(kernelId);
    if (kept && !kept.isDisposed && kept.status !== 'dead') {
      return kept;
    }
    if (kept) {
      this.drop(kernelId, kept);
    }
    const model = await runningKernel(this.kernels, tool, kernelId);
    const connection = this.kernels.connectTo({ model, handleComms: false });
    this.kept.set(kernelId, connection);
    return connection;
  }

  /**
   * A kernel restarted through a document's connection (the person's restart,
   * or restart_kernel's): JupyterLite leaves the kernel's other connections
   * dangling then, so the kept one is let go and the next call makes another.
   */
  private watchDocuments(): void {
    for (const widget of mainAreaWidgets(this.app)) {
      const connection = kernelConnectionOf(widget);
      if (connection && !this.watched.has(connection)) {
        this.watched.add(connection);
        connection.statusChanged.connect((source, status) => {
          const kept = this.kept.get(source.id);
          if (kept && (status === 'restarting' || status === 'autorestarting' || status === 'dead')) {
            this.drop(source.id, kept);
          }
        });
      }
    }
  }

  private drop(id: string, connection: Kernel.IKernelConnection): void {
    this.kept.delete(id);
    connection.dispose();
  }
}
