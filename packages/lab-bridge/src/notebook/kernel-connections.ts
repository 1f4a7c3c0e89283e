/**
 * The connections the page keeps to running kernels for the kernel tools
 * (execute_code, interrupt_kernel, restart_kernel) — one per kernel, opened at
 * its first call and reused, never one per call. Not a document's own
 * connection: JupyterLab's listeners on that one (the debugger) answer every
 * request on it with requests of their own, whose status messages make the
 * kernel look idle while the code runs.
 *
 * One connection per kernel also serves restarts: a connection that restarts
 * its kernel reconnects afterwards, but any other connection to that kernel is
 * left on the server's channels to the old process, and a request sent on it
 * just after the restart can be lost, its call then waiting forever. So
 * restart_kernel restarts a kernel no document uses through this connection,
 * and when a document's connection restarts the kernel this one is let go,
 * for the next call to open another.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { Kernel } from '@jupyterlab/services';
import { kernelConnectionOf, mainAreaWidgets } from '../jupyterlab/main-area.js';
import { runningKernel } from './running-kernel.js';

export class KernelConnections {
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

  /** The kept connection to the kernel with this id; not_found, naming `tool`, when no kernel runs with it. */
  async get(tool: string, kernelId: string): Promise<Kernel.IKernelConnection> {
    this.watchDocuments();
    const kept = this.kept.get(kernelId);
    if (kept && !kept.isDisposed && kept.status !== 'dead') {
      return kept;
    }
    this.release(kernelId);
    const model = await runningKernel(this.kernels, tool, kernelId);
    const connection = this.kernels.connectTo({ model, handleComms: false });
    this.kept.set(kernelId, connection);
    return connection;
  }

  /** Lets the kept connection go, if there is one: its kernel restarted through another connection. */
  release(kernelId: string): void {
    const kept = this.kept.get(kernelId);
    if (kept) {
      this.drop(kernelId, kept);
    }
  }

  /** Lets the kept connection go when a document's connection restarts the same kernel (the person's restart, or restart_kernel's). */
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
