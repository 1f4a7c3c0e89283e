/**
 * The jupyter-live-mcp bridge: connects this page to the jupyter-live-mcp
 * server(s) named in its settings and runs the agent's tool calls here.
 */
import type { JupyterFrontEnd, JupyterFrontEndPlugin } from '@jupyterlab/application';
import { Notification } from '@jupyterlab/apputils';
import { IDocumentManager } from '@jupyterlab/docmanager';
import { IDefaultFileBrowser } from '@jupyterlab/filebrowser';
import { INotebookTracker } from '@jupyterlab/notebook';
import { ISettingRegistry } from '@jupyterlab/settingregistry';
import { IStatusBar } from '@jupyterlab/statusbar';
import { LiveCatalogue } from './catalogue/live-catalogue.js';
import { DialogWatcher } from './jupyterlab/dialog-watcher.js';
import { attachImages } from './calls/images/attach-images.js';
import { registerKernelCommands } from './commands/kernel-commands.js';
import { registerNotebookCommands } from './notebook/register-notebook-commands.js';
import { watchPageFocus } from './connection/page-focus.js';
import { claimTabStorage, pageId, pageIdentity, tabStorage } from './connection/page-identity.js';
import { PendingCalls } from './calls/pending-calls.js';
import { PersonControl } from './ui/person-control.js';
import { capResult } from '@jupyter-live-mcp/protocol';
import { ServerConnection } from './connection/server-connection.js';
import { StatusItem, type BridgeStatus } from './ui/status-item.js';
import { PLUGIN_ID, readSettings, type BridgeSettings } from './settings.js';
import { runTool } from './calls/tool-runner.js';
import { answerDialogTool } from './tools/answer-dialog.js';
import { executeCommandTool } from './tools/execute-command.js';
import { getContextTool } from './tools/get-context.js';
import { listAllCommandsTool } from './tools/list-all-commands.js';
import { waitForResultTool } from './tools/wait-for-result.js';
import { BRIDGE_VERSION } from './version.js';

const log = {
  info: (message: string) => console.info(`[jupyter-live-mcp] ${message}`),
  warn: (message: string) => console.warn(`[jupyter-live-mcp] ${message}`)
};

/**
 * Something the person must act on: a notification that stays until dismissed.
 * JupyterLab shows at most 140 characters of it.
 */
function alert(message: string): void {
  log.warn(message);
  Notification.warning(message, { autoClose: false });
}

const plugin: JupyterFrontEndPlugin<void> = {
  id: PLUGIN_ID,
  description: 'Lets an AI agent work in this page through a jupyter-live-mcp server.',
  autoStart: true,
  optional: [ISettingRegistry, IDefaultFileBrowser, IStatusBar, IDocumentManager, INotebookTracker],
  activate: (
    app: JupyterFrontEnd,
    settingRegistry: ISettingRegistry | null,
    fileBrowser: IDefaultFileBrowser | null,
    statusBar: IStatusBar | null,
    docManager: IDocumentManager | null,
    notebookTracker: INotebookTracker | null
  ) => {
    registerKernelCommands(app);
    if (docManager && notebookTracker) {
      registerNotebookCommands(app, { docManager, notebookTracker });
    }
    const storage = claimTabStorage(tabStorage(), window);
    let settings: BridgeSettings = readSettings({});
    const dialogs = new DialogWatcher();
    const pending = new PendingCalls({
      pendingAfterMs: () => settings.pendingAfterSeconds * 1000,
      openDialogs: () => dialogs.open(),
      store: storage
    });
    const catalogue = new LiveCatalogue(app, (live) => [
      getContextTool(app, fileBrowser, {
        catalogueErrors: () => live.errors,
        dialogs: () => dialogs.open(),
        pending: () => pending.running()
      }),
      listAllCommandsTool(app, live),
      executeCommandTool(app, (id) => live.isBlocked(id)),
      answerDialogTool(dialogs),
      waitForResultTool(pending, () => settings.pendingAfterSeconds)
    ]);
    let connections: ServerConnection[] = [];
    const person = new PersonControl(dialogs, () => settings.confirm);
    const status: BridgeStatus = {
      connectedUrls: () => connections.filter((connection) => connection.connected).map((connection) => connection.url),
      calls: 0,
      get paused() {
        return person.paused;
      },
      disconnected: false
    };
    const statusItem = new StatusItem(status, () => void onStatusClick());
    statusBar?.registerStatusItem(`${PLUGIN_ID}:status`, { item: statusItem, align: 'left', rank: 100 });
    const gate = (name: string, descriptor: { hints: Parameters<PersonControl['gate']>[1] }, args: Record<string, unknown>) =>
      person.gate(name, descriptor.hints, args);

    // These two answer about other calls; they never go pending themselves.
    const immediate = new Set(['answer_dialog', 'wait_for_result']);
    const run = async (name: string, args: Record<string, unknown>) => {
      status.calls++;
      status.lastTool = name;
      statusItem.refresh();
      const command = catalogue.tools.get(name)?.descriptor.command ?? (typeof args.commandId === 'string' ? args.commandId : undefined);
      const result = immediate.has(name)
        ? await runTool(catalogue.tools, name, args, gate)
        : await pending.run(name, command, dialogs.watch(), () => runTool(catalogue.tools, name, args, gate));
      const attached = await attachImages(result, settings.maxImageSide);
      return { result: capResult(attached.result, settings.maxResultChars), images: attached.images };
    };

    const id = pageId(storage);
    catalogue.onChange(() => connections.forEach((connection) => connection.sendCatalogue()));
    watchPageFocus((focused) => connections.forEach((connection) => connection.sendPageState(focused)));

    const onStatusClick = async () => {
      if (status.disconnected) {
        if ((await person.choose('Agent bridge', 'This page is disconnected from the agent servers.', ['Close', 'Reconnect'])) === 'Reconnect') {
          status.disconnected = false;
          connectedWith = '';
          await apply(settings);
        }
        return;
      }
      const pause = status.paused ? 'Resume agent' : 'Pause agent';
      const body = status.paused
        ? "Agent control is paused: the agent's calls are refused."
        : "Pause to refuse the agent's calls for now, or disconnect this page from the agent servers.";
      const choice = await person.choose('Agent bridge', body, ['Close', 'Disconnect', pause]);
      if (choice === pause) {
        person.paused = !person.paused;
      } else if (choice === 'Disconnect') {
        status.disconnected = true;
        connectedWith = '';
        connections.forEach((connection) => connection.stop());
        connections = [];
      }
      statusItem.refresh();
    };

    let connectedWith = '';
    const apply = async (next: BridgeSettings) => {
      const previous = settings;
      settings = next;
      await catalogue.applySettings(next);
      if (next.enabled && !next.token) {
        if (previous.token || !connectedWith) {
          alert('Agent bridge: no pairing token, so no agent can connect. Put what "jupyter-live-mcp token" prints into Settings → Agent bridge.');
        }
      }
      const urls = next.enabled && next.token && !status.disconnected ? [...new Set(next.serverUrls)] : [];
      const wanted = JSON.stringify([urls, next.token]);
      if (wanted === connectedWith) {
        return;
      }
      connectedWith = wanted;
      connections.forEach((connection) => connection.stop());
      connections = urls.map(
        (url) =>
          new ServerConnection(url, {
            bridgeVersion: BRIDGE_VERSION,
            token: next.token,
            alert,
            changed: () => statusItem.refresh(),
            identity: () => pageIdentity(id, app),
            catalogue: () => catalogue.descriptors(),
            run,
            log
          })
      );
      connections.forEach((connection) => connection.start());
      statusItem.refresh();
    };

    // Tools act on the restored workspace, so they are offered once it is there.
    // Not awaited: the app is restored only after every plugin has activated.
    void app.restored.then(async () => {
      if (!settingRegistry) {
        await apply(readSettings({}, log.warn));
        return;
      }
      try {
        const settings = await settingRegistry.load(PLUGIN_ID);
        await apply(readSettings(settings.composite, log.warn));
        settings.changed.connect(() => void apply(readSettings(settings.composite, log.warn)));
      } catch (error) {
        log.warn(`could not load the bridge settings (${(error as Error).message}); using the defaults`);
        await apply(readSettings({}, log.warn));
      }
    });
  }
};

export default plugin;
