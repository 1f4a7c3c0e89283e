/**
 * The jupyter-live-mcp bridge: connects this page to the jupyter-live-mcp
 * server(s) named in its settings and runs the agent's tool calls here. This
 * file only wires the parts together.
 */
import type { JupyterFrontEnd, JupyterFrontEndPlugin } from '@jupyterlab/application';
import { IDocumentManager } from '@jupyterlab/docmanager';
import { IDefaultFileBrowser } from '@jupyterlab/filebrowser';
import { INotebookTracker } from '@jupyterlab/notebook';
import { ISettingRegistry } from '@jupyterlab/settingregistry';
import { IStatusBar } from '@jupyterlab/statusbar';
import { type BridgeSettings, capResult } from '@jupyter-live-mcp/protocol';
import { IAgentTools } from './agent-tools.js';
import { callPipeline } from './calls/call-pipeline.js';
import { attachImages } from './calls/images/attach-images.js';
import { PendingCalls } from './calls/pending-calls.js';
import { RunProgressBoard } from './calls/run-progress.js';
import { holdWhileUnloading } from './calls/unload-hold.js';
import { LiveCatalogue } from './catalogue/live-catalogue.js';
import { Connections } from './connection/connections.js';
import { watchPageFocus } from './connection/page-focus.js';
import { claimTabStorage, pageId, pageIdentity, tabStorage } from './connection/page-identity.js';
import { AgentToolsService } from './extensions/agent-tools-service.js';
import { DialogWatcher } from './jupyterlab/dialog-watcher.js';
import { notebookFocus } from './jupyterlab/notebook-focus.js';
import { watchNotebookFocus } from './jupyterlab/watch-notebook-focus.js';
import { log } from './log.js';
import { registerKernelCommands } from './notebook/kernels/kernel-commands.js';
import { normalizePath } from './notebook/documents/notebook-documents.js';
import { registerNotebookCommands } from './notebook/register-notebook-commands.js';
import { PLUGIN_ID, readSettings } from './settings/bridge-settings.js';
import { watchSettings } from './settings/watch-settings.js';
import { answerDialogTool } from './tools/answer-dialog.js';
import { defaultToolShortcuts } from './tools/default-tool-shortcuts.js';
import { executeCommandTool } from './tools/execute-command.js';
import { getContextTool } from './tools/get-context.js';
import { listAllCommandsTool } from './tools/list-all-commands.js';
import { waitForResultTool } from './tools/wait-for-result.js';
import { PersonControl } from './ui/person-control.js';
import { alert } from './ui/alert.js';
import { shownAfter } from './ui/shown-after.js';
import { StatusItem } from './ui/status-item.js';
import { openStatusMenu } from './ui/status-menu.js';
import { WorkMarks } from './ui/work-marks.js';
import { BRIDGE_VERSION } from './version.js';
import { findModelContext } from './webmcp/model-context.js';
import { PublishedTools } from './webmcp/published-tools.js';

export { IAgentTools, type AgentToolHandler } from './agent-tools.js';

const plugin: JupyterFrontEndPlugin<IAgentTools> = {
  id: PLUGIN_ID,
  description: 'Lets an AI agent work in this page through a jupyter-live-mcp server.',
  autoStart: true,
  provides: IAgentTools,
  optional: [ISettingRegistry, IDefaultFileBrowser, IStatusBar, IDocumentManager, INotebookTracker],
  activate: (
    app: JupyterFrontEnd,
    settingRegistry: ISettingRegistry | null,
    fileBrowser: IDefaultFileBrowser | null,
    statusBar: IStatusBar | null,
    docManager: IDocumentManager | null,
    notebookTracker: INotebookTracker | null
  ) => {
    const normalize = (path: string) => normalizePath(app.serviceManager.contents, path);
    const runProgress = new RunProgressBoard();
    const marks = notebookTracker && new WorkMarks(notebookTracker, normalize);
    const documents =
      docManager && notebookTracker && marks
        ? registerNotebookCommands(app, {
            docManager,
            notebookTracker,
            markRunning: (notebookPath, cellId) => shownAfter(() => marks.mark({ action: 'running', notebookPath, cellIds: [cellId] })),
            tellProgress: (notebookPath) => runProgress.start(notebookPath),
            resultChars: () => settings.maxResultChars
          })
        : undefined;
    registerKernelCommands(app, () => documents?.memoryKernels() ?? []);
    const storage = claimTabStorage(tabStorage(), window);
    let settings: BridgeSettings = readSettings({});
    const dialogs = new DialogWatcher();
    const pending = new PendingCalls({
      pendingAfterMs: () => settings.pendingAfterSeconds * 1000,
      openDialogs: () => dialogs.open(),
      store: storage
    });
    const extensionTools = new AgentToolsService(app, settingRegistry);
    const catalogue = new LiveCatalogue(
      app,
      (live) => [
        getContextTool(app, fileBrowser, {
          catalogueErrors: () => live.errors,
          dialogs: () => dialogs.open(),
          pending: () => pending.running(),
          focus: () => (notebookTracker ? notebookFocus(notebookTracker, normalize) : null)
        }),
        listAllCommandsTool(app, live),
        executeCommandTool(app, live),
        answerDialogTool(dialogs),
        waitForResultTool(pending, () => settings.pendingAfterSeconds)
      ],
      defaultToolShortcuts(app),
      extensionTools
    );
    const person = new PersonControl(dialogs, () => settings.confirm);
    const call = callPipeline({
      tools: () => catalogue.tools,
      count: (tool, source) => statusItem.countCall(tool, source),
      goPending: (tool, command, run, work) =>
        pending.run(
          tool,
          command,
          dialogs.watch(),
          run,
          // Only a command that runs cell after cell tells its progress (worksOn cells 'by-command').
          work?.cellsByCommand ? () => runProgress.of(normalize(work.notebookPath)) : undefined
        ),
      gate: (name, tool, args) => person.gate(name, tool.descriptor.hints, args, tool.needsApproval),
      markWork: (tool, work) =>
        shownAfter(() => {
          const unmark = marks?.mark(work);
          const unnamed = statusItem.showWork({ tool, notebookPath: work.notebookPath });
          return () => {
            unmark?.();
            unnamed();
          };
        }),
      takePictures: (result) => attachImages(result, settings.maxImageSide),
      cap: (result) => capResult(result, settings.maxResultChars)
    });

    const holdAnswer = holdWhileUnloading(window);
    const id = pageId(storage);
    const connections = new Connections({
      bridgeVersion: BRIDGE_VERSION,
      alert,
      changed: () => statusItem.refresh(),
      identity: () => pageIdentity(id, app),
      catalogue: () => catalogue.message(),
      run: async (tool, args) => holdAnswer(await call(tool, args)),
      log
    });
    const status = {
      connectedUrls: () => connections.connectedUrls(),
      calls: 0,
      inPageCalls: 0,
      get paused() {
        return person.paused;
      },
      get disconnected() {
        return connections.disconnected;
      }
    };
    const statusItem = new StatusItem(status, () => void openStatusMenu(person, connections, () => statusItem.refresh()));
    statusBar?.registerStatusItem(`${PLUGIN_ID}:status`, { item: statusItem, align: 'left', rank: 100 });
    // Where the browser has WebMCP (SPEC §2.3c); elsewhere nothing happens.
    const modelContext = findModelContext(globalThis.document);
    const inPage = modelContext && new PublishedTools(modelContext, { call: (tool, args) => call(tool, args, 'in-page'), warn: log.warn });
    const publish = () => inPage?.sync(settings.enabled && settings.webmcp ? catalogue.descriptors() : []);
    catalogue.onChange(() => {
      connections.sendCatalogue();
      publish();
    });
    watchPageFocus((focused) => connections.sendPageState(focused));
    if (notebookTracker) {
      watchNotebookFocus(notebookTracker, normalize, (focus) => connections.sendFocus(focus));
    }

    // Tools act on the restored workspace, so they are offered once it is there.
    // Not awaited: the app is restored only after every plugin has activated.
    void app.restored.then(() =>
      watchSettings(
        settingRegistry,
        async (next) => {
          settings = next;
          await catalogue.applySettings(next);
          connections.apply(next);
          publish();
        },
        log.warn
      )
    );
    return extensionTools;
  }
};

export default plugin;
