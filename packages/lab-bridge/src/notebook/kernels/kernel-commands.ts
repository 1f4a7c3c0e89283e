/**
 * The bridge's own kernel commands behind execute_code, interrupt_kernel and
 * restart_kernel (SPEC §2.2). They take any running kernel's id. A kernel a
 * document uses (open in a tab, or a notebook held in memory) is interrupted
 * and restarted through that document's session, so the document shows the
 * new state and runs on at once; any other kernel, and every execute_code,
 * through the connection the page keeps for it (kernel-connections.ts). No
 * restart ever shows JupyterLab's dialog.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { Kernel } from '@jupyterlab/services';
import { succeed } from '@jupyter-live-mcp/protocol';
import { documentKernels } from '../../jupyterlab/main-area.js';
import { addNotebookCommand } from '../commands/notebook-command.js';
import { registerExecuteCode } from './execute-code.js';
import { KernelConnections } from './kernel-connections.js';
import { sendKernelInfo } from './kernel-info-probe.js';
import { within } from '../../within.js';

/** How long an interrupt may take to bring a kernel out of busy. */
const INTERRUPT_SETTLE_MS = 1000;

/** The connections of the notebooks held in memory to kernels (NotebookDocuments.memoryKernels). */
export type MemoryKernels = () => Kernel.IKernelConnection[];

export function registerKernelCommands(app: JupyterFrontEnd, memoryKernels: MemoryKernels): void {
  const connections = new KernelConnections(app, () => [...documentKernels(app), ...memoryKernels()]);
  registerExecuteCode(app, connections);
  /** A document's connection to the kernel, else the kept one. */
  const kernelFor = async (tool: string, kernelId: string) => connections.documentConnection(kernelId) ?? connections.get(tool, kernelId);
  addNotebookCommand(app, 'interruptKernel', 'Interrupt Kernel by Id', async ({ kernelId }, tool) => {
    const kernel = await kernelFor(tool, kernelId);
    await kernel.interrupt();
    const status = await settle(kernel, INTERRUPT_SETTLE_MS);
    return succeed({
      kernelId: kernel.id,
      status,
      ...(status === 'busy'
        ? {
            warning: `The kernel is still busy ${INTERRUPT_SETTLE_MS / 1000} s after the interrupt: the code may ignore interrupts. Use restart_kernel to stop it (its variables are lost).`
          }
        : {})
    });
  });
  addNotebookCommand(app, 'restartKernel', 'Restart Kernel by Id without Asking', async ({ kernelId }, tool) => {
    const kernel = await kernelFor(tool, kernelId);
    await kernel.restart();
    return succeed({ kernelId: kernel.id, status: kernel.status });
  });
}

/**
 * The kernel's status `ms` after an interrupt, asked on the shell channel, where a
 * request waits behind running code: "busy" if the kernel does not answer by then.
 * The reply alone answers: a connection deaf to IOPub for a moment (a restart made
 * elsewhere) would never hear the request's idle. The connection's own status is
 * no answer: it follows every status message on the kernel, also those of other
 * requests (JupyterLab's debugger sends its own on a notebook's connection), so it
 * can read idle while code runs.
 */
async function settle(kernel: Kernel.IKernelConnection, ms: number): Promise<Kernel.Status> {
  const probe = sendKernelInfo(kernel);
  if (!probe) {
    return kernel.status;
  }
  const answered = new Promise<Kernel.Status>((resolve) => {
    probe.onReply = () => resolve('idle');
    // Cancelled: the connection closed meanwhile; a kernel that died says so in its status.
    probe.done.catch(() => resolve(kernel.status));
  });
  try {
    return (await within(answered, ms)) ?? 'busy';
  } finally {
    probe.dispose();
  }
}
