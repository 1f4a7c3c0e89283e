/**
 * What the page does instead of running a default tool's command (SPEC §2.2),
 * by the `shortcut` kind the tool's definition names: protocol's table, shared
 * with the server, cannot hold the page's code. A short cut holds for the
 * tool's command whichever tool runs it (execute_command, a settings tool on
 * the same command).
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { DefaultToolShortcut } from '@jupyter-live-mcp/protocol';
import type { CommandShortcut } from '../jupyterlab/run-command.js';
import { shownDocument } from '../jupyterlab/main-area.js';

export function defaultToolShortcuts(app: JupyterFrontEnd): Readonly<Record<DefaultToolShortcut, CommandShortcut>> {
  return {
    'shown-document': (args) => {
      const shown = shownDocument(app, args.path);
      if (shown) {
        app.shell.activateById(shown.id);
      }
      return shown;
    }
  };
}
