/**
 * The bridge's own kernel commands behind interrupt_kernel and restart_kernel
 * (SPEC §2.2). They take any running kernel's id. A kernel an open document uses
 * is controlled through that document's session, so the document shows the new
 * state; any other kernel through a temporary connection. Neither ever shows
 * JupyterLab's restart dialog.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { Kernel } from '@jupyterlab/services';
import { BRIDGE_COMMANDS } from '@jupyter-live-mcp/protocol';
import { documentKernel } from '../jupyterlab/main-area.js';

/** How long an interrupt may take to bring a kernel out of busy. */
const INTERRUPT_SETTLE_MS = 1000;

const kernelIdSchema = {
  type: 'object',
  properties: { kernelId: { type: 'string', description: 'Id of a running kernel (get_context lists them).' } },
  required: ['kernelId']
};

export function registerKernelCommands(app: JupyterFrontEnd): void {
  app.commands.addCommand(BRIDGE_COMMANDS.interruptKernel, {
    label: 'Interrupt Kernel by Id (agent bridge)',
    describedBy: { args: kernelIdSchema },
    execute: async (args) =>
      withKernel(app, String(args.kernelId ?? ''), async (kernel) => {
        await kernel.interrupt();
        const status = await settle(kernel, INTERRUPT_SETTLE_MS);
        return {
          success: true,
          kernelId: kernel.id,
          status,
          ...(status === 'busy'
            ? {
                warning: `The kernel is still busy ${INTERRUPT_SETTLE_MS / 1000} s after the interrupt: the code may ignore interrupts. Use restart_kernel to stop it (its variables are lost).`
              }
            : {})
        };
      })
  });
  app.commands.addCommand(BRIDGE_COMMANDS.restartKernel, {
    label: 'Restart Kernel by Id without Asking (agent bridge)',
    describedBy: { args: kernelIdSchema },
    execute: async (args) =>
      withKernel(app, String(args.kernelId ?? ''), async (kernel) => {
        await kernel.restart();
        return { success: true, kernelId: kernel.id, status: kernel.status };
      })
  });
}

/**
 * Runs `act` with the document's own kernel connection when an open document
 * uses the kernel, else with a temporary connection that is closed afterwards.
 */
async function withKernel<T>(app: JupyterFrontEnd, kernelId: string, act: (kernel: Kernel.IKernelConnection) => Promise<T>): Promise<T> {
  const open = documentKernel(app, kernelId);
  if (open) {
    return act(open);
  }
  const kernels = app.serviceManager.kernels;
  await kernels.refreshRunning();
  const model = [...kernels.running()].find((k) => k.id === kernelId);
  if (!model) {
    throw new Error(`no running kernel has the id "${kernelId}". Call get_context for the running kernels.`);
  }
  const connection = kernels.connectTo({ model, handleComms: false });
  try {
    return await act(connection);
  } finally {
    connection.dispose();
  }
}

/** Waits until the kernel is no longer busy, at most `ms`; returns its status. */
function settle(kernel: Kernel.IKernelConnection, ms: number): Promise<Kernel.Status> {
  if (kernel.status !== 'busy') {
    return Promise.resolve(kernel.status);
  }
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      kernel.statusChanged.disconnect(onStatus);
      resolve(kernel.status);
    };
    const onStatus = () => {
      if (kernel.status !== 'busy') done();
    };
    const timer = setTimeout(done, ms);
    kernel.statusChanged.connect(onStatus);
  });
}
