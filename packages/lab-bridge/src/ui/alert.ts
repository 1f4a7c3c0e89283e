/**
 * Something the person must act on: a notification that stays until dismissed;
 * or news that needs nothing of them, which goes by itself. JupyterLab shows at
 * most 140 characters of either.
 */
import { Notification } from '@jupyterlab/apputils';
import { log } from '../log.js';

export function alert(message: string): void {
  log.warn(message);
  Notification.warning(message, { autoClose: false });
}

export function inform(message: string): void {
  log.info(message);
  Notification.success(message, { autoClose: 8000 });
}
