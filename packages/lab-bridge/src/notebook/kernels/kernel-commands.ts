/**
 * The bridge's own kernel commands behind execute_code, interrupt_kernel and
 * restart_kernel (SPEC §2.2). They take any running kernel's id. A kernel a
 * document uses (open in a tab, or a notebook held in memory) is interrupted
 * and restarted through that document's session, so the document shows the
 * new state and runs on at once; any other kernel, and every execute_code,
 * through the connection the page keeps for it (kernel-connections.ts). No
 * restart ever shows JupyterLab's dialog.
 */
import type { Kernel } from '@jupyterlab/services';
import { INTERRUPT_KERNEL, RESTART_KERNEL, succeed } from '@jupyter-live-mcp/protocol';
import { notebookTool } from '../commands/notebook-tool.js';
import type { KernelConnections } from './kernel-connections.js';
import { sendKernelInfo } from './kernel-info-probe.js';
import { within } from '../../within.js';

/** How long an interrupt may take to bring a kernel out of busy. */
const INTERRUPT_SETTLE_MS = 1000;

/**
 * The kernel tools' parts: the kept connections, and the page's change
 * tracking (documents/change-tracking.ts), which hears what the calling agent
 * did to a document's kernel.
 */
interface KernelParts {
  kernels: KernelConnections;
  documents: {
    changes: {
      authors: { by<T>(agent: string | undefined, act: () => T): T };
      kernelByAgent(kernelId: string, what: 'interrupted', agent: string | undefined): void;
    };
  };
}

/** A document's connection to the kernel, else the kept one. */
const kernelFor = async (kernels: KernelConnections, tool: string, kernelId: string) =>
  kernels.documentConnection(kernelId) ?? kernels.get(tool, kernelId);

export const interruptKernelTool = notebookTool(
  INTERRUPT_KERNEL,
  async ({ kernelId }, { kernels, documents }: KernelParts, { tool, caller }) => {
    const kernel = await kernelFor(kernels, tool, kernelId);
    await kernel.interrupt();
    documents.changes.kernelByAgent(kernel.id, 'interrupted', caller?.key);
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
  }
);
export const restartKernelTool = notebookTool(
  RESTART_KERNEL,
  async ({ kernelId }, { kernels, documents }: KernelParts, { tool, caller }) => {
    const kernel = await kernelFor(kernels, tool, kernelId);
    // The restart says "restarting" at once, in this step: the documents on the kernel hear it as this agent's.
    await documents.changes.authors.by(caller?.key, () => kernel.restart());
    return succeed({ kernelId: kernel.id, status: kernel.status });
  }
);

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
