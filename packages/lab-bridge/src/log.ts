/**
 * What the bridge tells the person: console lines, and an alert for what they
 * must act on.
 */
import { Notification } from '@jupyterlab/apputils';

export const log = {
  info: (message: string) => console.info(`[jupyter-live-mcp] ${message}`),
  warn: (message: string) => console.warn(`[jupyter-live-mcp] ${message}`)
};

/**
 * Something the person must act on: a notification that stays until dismissed.
 * JupyterLab shows at most 140 characters of it.
 */
export function alert(message: string): void {
  log.warn(message);
  Notification.warning(message, { autoClose: false });
}
