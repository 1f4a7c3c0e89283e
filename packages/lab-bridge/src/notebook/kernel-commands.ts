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
import { documentKernel } from '../jupyterlab/main-area.js';
import { addNotebookCommand } from './notebook-command.js';
import { registerExecuteCode } from './execute-code.js';
import { KernelConnections } from './kernel-connections.js';
import { within } from '../within.js';

/** How long an interrupt may take to bring a kernel out of busy. */
const INTERRUPT_SETTLE_MS = 1000;

/** The connection of a notebook held in memory to a kernel, if one has it (NotebookDocuments.memoryKernel). */
export type MemoryKernel = (kernelId: string) => Promise<Kernel.IKernelConnection | undefined>;

export function registerKernelCommands(app: JupyterFrontEnd, memoryKernel: MemoryKernel): void {
  const connections = new KernelConnections(app);
  registerExecuteCode(app, connections);
  /** A document's connection to the kernel, else the kept one. */
  const kernelFor = async (tool: string, kernelId: string) => {
    const document = documentKernel(app, kernelId) ?? (await memoryKernel(kernelId));
    return { kernel: document ?? (await connections.get(tool, kernelId)), isDocument: document !== undefined };
  };
  addNotebookCommand(app, 'interruptKernel', 'Interrupt Kernel by Id', async ({ kernelId }, tool) => {
    const { kernel } = await kernelFor(tool, kernelId);
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
    const { kernel, isDocument } = await kernelFor(tool, kernelId);
    await kernel.restart();
    if (isDocument) {
      connections.release(kernelId);
    }
    return succeed({ kernelId: kernel.id, status: kernel.status });
  });
}

/**
 * The kernel's status `ms` after an interrupt, asked on the shell channel, where a
 * request waits behind running code: "busy" if the kernel does not answer by then.
 * The connection's own status follows every status message on the kernel, also
 * those of other requests (JupyterLab's debugger sends its own on a notebook's
 * connection, on the control channel), so it can read idle while code runs.
 */
async function settle(kernel: Kernel.IKernelConnection, ms: number): Promise<Kernel.Status> {
  // No reply: the connection closed meanwhile; a kernel that died says so in its status.
  const answered = kernel.requestKernelInfo().then(
    (reply) => (reply ? 'idle' : kernel.status),
    () => kernel.status
  );
  return (await within(answered, ms)) ?? 'busy';
}
