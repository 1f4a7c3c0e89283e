/**
 * A kernel_info request sent to learn how the kernel's channels stand: its
 * reply comes on shell behind whatever the kernel is running, and its busy and
 * idle on IOPub after everything the kernel published before it (one socket
 * publishes all of a kernel's IOPub, in order).
 */
import { KernelMessage, type Kernel } from '@jupyterlab/services';

/** The request's future, for the caller's handlers; undefined when the connection cannot send now (closed, or restarting). */
export function sendKernelInfo(
  kernel: Pick<Kernel.IKernelConnection, 'sendShellMessage' | 'clientId' | 'username'>
): Kernel.IShellFuture | undefined {
  try {
    const request = KernelMessage.createMessage({
      msgType: 'kernel_info_request',
      channel: 'shell',
      session: kernel.clientId,
      username: kernel.username,
      content: {}
    });
    return kernel.sendShellMessage(request, true, true);
  } catch {
    return undefined;
  }
}
