/**
 * What default tools (SPEC §2.2) do in the page instead of running their
 * command, by tool name: protocol's table, shared with the server, cannot say
 * it. A short cut holds for the tool's command whichever tool runs it
 * (execute_command, a settings tool on the same command).
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { CommandShortcut } from '../calls/run-command.js';
import { shownDocument } from '../jupyterlab/main-area.js';

export function defaultToolShortcuts(app: JupyterFrontEnd): Readonly<Record<string, CommandShortcut>> {
  return {
    // The document a one-document page shows is brought to the front: opening it
    // again would make Notebook 7's opener close it here and show it in a new tab.
    open_document: (args) => {
      const shown = shownDocument(app, args.path);
      if (shown) {
        app.shell.activateById(shown.id);
      }
      return shown;
    }
  };
}
