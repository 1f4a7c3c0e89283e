/**
 * The jupyter-live-mcp bridge: connects this page to the jupyter-live-mcp
 * server(s) named in its settings and runs the agent's tool calls here.
 */
import type { JupyterFrontEnd, JupyterFrontEndPlugin } from '@jupyterlab/application';
import { IDefaultFileBrowser } from '@jupyterlab/filebrowser';
import { ISettingRegistry } from '@jupyterlab/settingregistry';
import type { ToolDescriptor } from '@jupyter-live-mcp/protocol';
import { pageId, pageIdentity } from './page-identity.js';
import { ServerConnection } from './server-connection.js';
import { PLUGIN_ID, readSettings, type BridgeSettings } from './settings.js';
import { runTool, type BridgeTool } from './tool-runner.js';
import { executeCommandTool } from './tools/execute-command.js';
import { getContextTool } from './tools/get-context.js';
import { listAllCommandsTool } from './tools/list-all-commands.js';
import { BRIDGE_VERSION } from './version.js';

const log = {
  info: (message: string) => console.info(`[jupyter-live-mcp] ${message}`),
  warn: (message: string) => console.warn(`[jupyter-live-mcp] ${message}`)
};

const plugin: JupyterFrontEndPlugin<void> = {
  id: PLUGIN_ID,
  description: 'Lets an AI agent work in this page through a jupyter-live-mcp server.',
  autoStart: true,
  optional: [ISettingRegistry, IDefaultFileBrowser],
  activate: (
    app: JupyterFrontEnd,
    settingRegistry: ISettingRegistry | null,
    fileBrowser: IDefaultFileBrowser | null
  ) => {
    const tools = new Map<string, BridgeTool>();
    const commandTools = new Map<string, string>();
    for (const tool of [
      getContextTool(app, fileBrowser),
      listAllCommandsTool(app, (id) => commandTools.get(id)),
      executeCommandTool(app)
    ]) {
      tools.set(tool.descriptor.name, tool);
    }
    const catalogue = (): ToolDescriptor[] => [...tools.values()].map((tool) => tool.descriptor);

    const id = pageId();
    let connections: ServerConnection[] = [];
    const apply = (settings: BridgeSettings) => {
      connections.forEach((connection) => connection.stop());
      connections = (settings.enabled ? [...new Set(settings.serverUrls)] : []).map(
        (url) =>
          new ServerConnection(url, {
            bridgeVersion: BRIDGE_VERSION,
            identity: () => pageIdentity(id, app),
            catalogue,
            run: (name, args) => runTool(tools, name, args),
            log
          })
      );
      connections.forEach((connection) => connection.start());
    };

    // Tools act on the restored workspace, so they are offered once it is there.
    // Not awaited: the app is restored only after every plugin has activated.
    void app.restored.then(async () => {
      if (!settingRegistry) {
        apply(readSettings({}, log.warn));
        return;
      }
      try {
        const settings = await settingRegistry.load(PLUGIN_ID);
        apply(readSettings(settings.composite, log.warn));
        settings.changed.connect(() => apply(readSettings(settings.composite, log.warn)));
      } catch (error) {
        log.warn(`could not load the bridge settings (${(error as Error).message}); using the defaults`);
        apply(readSettings({}, log.warn));
      }
    });
  }
};

export default plugin;
