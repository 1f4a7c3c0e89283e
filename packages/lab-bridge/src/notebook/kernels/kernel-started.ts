/**
 * A kernel has started once it answered its connection's first kernel_info.
 * Code sent before that is lost if the kernel dies as it starts and the server
 * starts it again (jupyter_client does, on new ports, when a port it chose was
 * taken meanwhile): JupyterLab cancels what waited on the first process. So a
 * run waits for that answer first, for a bounded time: a kernel that never
 * answers is sent the code as before, and the call goes pending meanwhile.
 */
import type { Kernel } from '@jupyterlab/services';
import { within } from '../../within.js';

/** Longer than a start on a loaded machine, the restarter's 3 s poll and a second start take together. */
export const KERNEL_START_MS = 60_000;

/** Resolves once the kernel answered kernel_info (at once for a running kernel), or after `ms`; never rejects. */
export async function kernelStarted(kernel: Pick<Kernel.IKernelConnection, 'info'>, ms = KERNEL_START_MS): Promise<void> {
  await within(
    kernel.info.then(
      () => undefined,
      () => undefined
    ),
    ms
  );
}
