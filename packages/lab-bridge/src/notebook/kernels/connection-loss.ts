/**
 * When a kernel connection will bring nothing more. JupyterLab keeps a request
 * it cannot send yet, and waits on its reply, while the connection is down; once
 * the connection is closed for good ('disconnected': its reconnects ran out, or
 * the server closed it cleanly) nothing settles that wait, so a run waiting on
 * it would wait forever. A disposed connection is not that case: disposing
 * cancels its requests, which ends their runs.
 */
import type { Kernel } from '@jupyterlab/services';

type WatchedConnection = Pick<Kernel.IKernelConnection, 'connectionStatus' | 'isDisposed' | 'connectionStatusChanged'>;

/** Whether the connection is closed for good. Pure. */
export function connectionLost(connection: Pick<Kernel.IKernelConnection, 'connectionStatus' | 'isDisposed'>): boolean {
  return connection.connectionStatus === 'disconnected' && !connection.isDisposed;
}

/** `lost` resolves once the connection is closed for good (at once if it is); `stop` ends the watch. */
export function watchConnectionLoss(connection: WatchedConnection): { lost: Promise<void>; stop: () => void } {
  let stop = () => {};
  const lost = new Promise<void>((resolve) => {
    if (connectionLost(connection)) {
      resolve();
      return;
    }
    const check = () => {
      if (connectionLost(connection)) {
        resolve();
      }
    };
    connection.connectionStatusChanged.connect(check);
    stop = () => connection.connectionStatusChanged.disconnect(check);
  });
  return { lost, stop };
}
