/**
 * The jupyter-live-mcp bridge: connects this page to the jupyter-live-mcp
 * server(s) named in its settings and runs the agent's tool calls here.
 *
 * JupyterLab loads every extension's entry as the page starts, so this one
 * holds only what must exist when the plugin activates: the plugin, the
 * IAgentTools service other extensions call (agent-tool-handlers.ts: it keeps
 * their handlers until the rest is there) and the watch on dialogs. The rest
 * (bridge.ts: connections, tools, catalogue, zod and the protocol) is a chunk
 * loaded once JupyterLab's `restored` has resolved, so the page's start does
 * not wait for it. Hence the status item, the "Show Agent Changes" command and
 * palette item, the Agent changes panel and the bridge's notebook commands
 * appear a moment after the page is restored, not with it.
 */
import type { JupyterFrontEnd, JupyterFrontEndPlugin } from '@jupyterlab/application';
import { ICommandPalette } from '@jupyterlab/apputils';
import { IDocumentManager } from '@jupyterlab/docmanager';
import { IDefaultFileBrowser } from '@jupyterlab/filebrowser';
import { INotebookTracker } from '@jupyterlab/notebook';
import { ISettingRegistry } from '@jupyterlab/settingregistry';
import { IStatusBar } from '@jupyterlab/statusbar';
import { IAgentTools } from './agent-tools.js';
import { AgentToolHandlers } from './extensions/agent-tool-handlers.js';
import { DialogWatcher } from './jupyterlab/dialog-watcher.js';
import { PLUGIN_ID } from './plugin-id.js';
import { markStart } from './start-marks.js';
import { alert } from './ui/alert.js';

export { IAgentTools, type AgentToolHandler } from './agent-tools.js';

const plugin: JupyterFrontEndPlugin<IAgentTools> = {
  id: PLUGIN_ID,
  description: 'Lets an AI agent work in this page through a jupyter-live-mcp server.',
  autoStart: true,
  provides: IAgentTools,
  optional: [ISettingRegistry, IDefaultFileBrowser, IStatusBar, IDocumentManager, INotebookTracker, ICommandPalette],
  activate: (
    app: JupyterFrontEnd,
    settingRegistry: ISettingRegistry | null,
    fileBrowser: IDefaultFileBrowser | null,
    statusBar: IStatusBar | null,
    docManager: IDocumentManager | null,
    notebookTracker: INotebookTracker | null,
    palette: ICommandPalette | null
  ) => {
    markStart('activate');
    const handlers = new AgentToolHandlers();
    // From now, so that a dialog opened while the page restores can be seen and answered.
    const dialogs = new DialogWatcher();
    // Tools act on the restored workspace, so the bridge starts once it is there.
    // Not awaited: the app is restored only after every plugin has activated.
    void app.restored.then(() => {
      markStart('restored');
      return import('./bridge.js').then(
        ({ startBridge }) =>
          startBridge(app, { settingRegistry, fileBrowser, statusBar, docManager, notebookTracker, palette }, handlers, dialogs),
        (error: Error) => alert(`The agent bridge could not load (${error.message}); reload the page to connect it.`)
      );
    });
    markStart('activated');
    return handlers;
  }
};

export default plugin;
