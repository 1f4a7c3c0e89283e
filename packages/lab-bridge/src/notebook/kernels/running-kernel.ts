/**
 * The running kernel a kernel command names by id, as the kernel manager lists it.
 */
import type { Kernel } from '@jupyterlab/services';
import { CommandFailure } from '../commands/command-failure.js';

export async function runningKernel(
  kernels: Pick<Kernel.IManager, 'running' | 'refreshRunning'>,
  tool: string,
  kernelId: string
): Promise<Kernel.IModel> {
  const find = () => [...kernels.running()].find((model) => model.id === kernelId);
  // A kernel started a moment ago may not be in the list yet.
  const model = find() ?? (await kernels.refreshRunning().then(find));
  if (!model) {
    throw new CommandFailure('not_found', `${tool}: no running kernel has the id "${kernelId}". get_context lists the running kernels.`);
  }
  return model;
}
