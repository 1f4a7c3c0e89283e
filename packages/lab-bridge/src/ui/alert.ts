/**
 * Something the person must act on: a notification that stays until dismissed.
 * JupyterLab shows at most 140 characters of it.
 */
import { Notification } from '@jupyterlab/apputils';
import { log } from '../log.js';

export function alert(message: string): void {
  log.warn(message);
  Notification.warning(message, { autoClose: false });
}
