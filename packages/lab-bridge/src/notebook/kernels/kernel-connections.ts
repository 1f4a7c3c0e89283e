/**
 * The connections the page keeps to running kernels for the kernel tools
 * (execute_code, interrupt_kernel, restart_kernel) — one per kernel, opened at
 * its first call and reused, never one per call. Not a document's own
 * connection: JupyterLab's listeners on that one (the debugger) answer every
 * request on it with requests of their own, whose status messages make the
 * kernel look idle while the code runs.
 *
 * A connection that restarts its kernel reconnects afterwards, but any other
 * connection to that kernel stays on the server's channels to the old process
 * and can miss what the new one sends for a while. So a kernel no document
 * uses is restarted through its kept connection, and a kept connection is let
 * go when a document's connection to the same kernel restarts it (the
 * person's restart, or restart_kernel's), for the next call to open another.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { Kernel } from '@jupyterlab/services';
import { runningKernel } from './running-kernel.js';

/** The documents' connections to kernels now: open tabs and notebooks held in memory. */
export type DocumentConnections = () => Iterable<Kernel.IKernelConnection>;

export class KernelConnections {
  private readonly kept = new Map<string, Kernel.IKernelConnection>();
  private readonly watched = new WeakSet<Kernel.IKernelConnection>();
  private readonly kernels: Kernel.IManager;

  constructor(
    app: JupyterFrontEnd,
    private readonly documentConnections: DocumentConnections
  ) {
    const kernels = app.serviceManager.kernels;
    this.kernels = kernels;
    kernels.runningChanged.connect(() => {
      const running = new Set([...kernels.running()].map((model) => model.id));
      for (const id of this.kept.keys()) {
        if (!running.has(id)) {
          this.release(id);
        }
      }
    });
  }

  /** The kept connection to the kernel with this id; not_found, naming `tool`, when no kernel runs with it. */
  async get(tool: string, kernelId: string): Promise<Kernel.IKernelConnection> {
    this.watchDocuments();
    const usable = () => {
      const kept = this.kept.get(kernelId);
      return kept && !kept.isDisposed && kept.status !== 'dead' ? kept : undefined;
    };
    const kept = usable();
    if (kept) {
      return kept;
    }
    const model = await runningKernel(this.kernels, tool, kernelId);
    // Two first calls at once: the one that got here first opened it.
    const opened = usable();
    if (opened) {
      return opened;
    }
    this.release(kernelId);
    const connection = this.kernels.connectTo({ model, handleComms: false });
    this.kept.set(kernelId, connection);
    return connection;
  }

  /**
   * A document's connection to the kernel with this id, if one has it. Watches
   * every document's connection first, to let the kept one go when a document
   * restarts the kernel: each kernel tool asks this before it acts, so a
   * document opened since the last call is watched before the tool restarts
   * anything. A document opened and restarted by the person between two calls
   * is not seen; its restart can still leave the kept connection deaf for a
   * moment, which lost-iopub.ts answers for.
   */
  documentConnection(kernelId: string): Kernel.IKernelConnection | undefined {
    this.watchDocuments();
    return [...this.documentConnections()].find((connection) => connection.id === kernelId);
  }

  private watchDocuments(): void {
    for (const connection of this.documentConnections()) {
      if (!this.watched.has(connection)) {
        this.watched.add(connection);
        connection.statusChanged.connect((source, status) => {
          if (status === 'restarting' || status === 'autorestarting' || status === 'dead') {
            this.release(source.id);
          }
        });
      }
    }
  }

  /** Lets the kept connection to this kernel go, if there is one (the next call opens another). */
  private release(kernelId: string): void {
    this.kept.get(kernelId)?.dispose();
    this.kept.delete(kernelId);
  }
}
