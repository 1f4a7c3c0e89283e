/**
 * The bridge's parts, built and wired together once JupyterLab has restored
 * the page: index.ts loads this module then, as a chunk of its own, so that
 * evaluating it (zod and the schemas built with it, the protocol, the tools)
 * takes none of the page's start. This file only wires the parts together.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { ICommandPalette } from '@jupyterlab/apputils';
import { IDocumentManager } from '@jupyterlab/docmanager';
import type { IDefaultFileBrowser } from '@jupyterlab/filebrowser';
import { INotebookTracker } from '@jupyterlab/notebook';
import type { ISettingRegistry } from '@jupyterlab/settingregistry';
import type { IStatusBar } from '@jupyterlab/statusbar';
import type { BridgeSettings } from '@jupyter-live-mcp/protocol';
import { callPipeline } from './calls/call-pipeline.js';
import { heldAnswers, markCell, pageCallSteps } from './calls/page-call-steps.js';
import { PendingCalls } from './calls/pending-calls.js';
import { holdWhileUnloading } from './calls/unload-hold.js';
import { LiveCatalogue } from './catalogue/live-catalogue.js';
import { OptionalParts } from './catalogue/optional-parts.js';
import { IN_PAGE_CALLER, type Caller } from './changes/caller.js';
import { Journal } from './changes/journal.js';
import { Connections } from './connection/connections.js';
import { watchPageFocus } from './connection/page-focus.js';
import { remoteReach } from './connection/remote-reach.js';
import { claimTabStorage, pageId, pageIdentity, tabStorage } from './connection/page-identity.js';
import type { AgentToolHandlers } from './extensions/agent-tool-handlers.js';
import { AgentToolsService } from './extensions/agent-tools-service.js';
import type { DialogWatcher } from './jupyterlab/dialog-watcher.js';
import { notebookFocus } from './jupyterlab/notebook-focus.js';
import { watchNotebookFocus } from './jupyterlab/watch-notebook-focus.js';
import { log } from './log.js';
import { normalizePath } from './notebook/documents/notebook-documents.js';
import { JournalRecorder } from './notebook/journal/journal-recorder.js';
import { revertCalls } from './notebook/journal/revert-calls.js';
import { NotebookTools } from './notebook/notebook-tools.js';
import { PLUGIN_ID } from './plugin-id.js';
import { readSettings } from './settings/bridge-settings.js';
import { watchSettings } from './settings/watch-settings.js';
import { markStart } from './start-marks.js';
import { answerDialogTool } from './tools/answer-dialog.js';
import { defaultToolShortcuts } from './tools/default-tool-shortcuts.js';
import { executeCommandTool } from './tools/execute-command.js';
import { getContextTool } from './tools/get-context.js';
import { listAllCommandsTool } from './tools/list-all-commands.js';
import { waitForResultTool } from './tools/wait-for-result.js';
import { AgentChangesPanel } from './ui/agent-changes-panel.js';
import { PersonControl } from './ui/person-control.js';
import { alert, inform } from './ui/alert.js';
import { StatusItem } from './ui/status-item.js';
import { StatusModel } from './ui/status-model.js';
import { openStatusMenu } from './ui/status-menu.js';
import { WorkMarks } from './ui/work-marks.js';
import { BRIDGE_VERSION } from './version.js';
import { findModelContext } from './webmcp/model-context.js';
import type { PublishedTools } from './webmcp/published-tools.js';
// The bridge's CSS styles only what this chunk makes (the status item, work marks, the panel), so
// it comes with it instead of as the package's `style`, which JupyterLab inserts as the page starts;
// as text (the builder's `.raw.css`) in a style element of its own, without style-loader's code.
import styles from '../style/index.raw.css';

document.head.append(Object.assign(document.createElement('style'), { textContent: styles }));

/** The JupyterLab services the bridge uses; a page may lack any of them. */
export interface PageServices {
  settingRegistry: ISettingRegistry | null;
  fileBrowser: IDefaultFileBrowser | null;
  statusBar: IStatusBar | null;
  docManager: IDocumentManager | null;
  notebookTracker: INotebookTracker | null;
  palette: ICommandPalette | null;
}

/**
 * Builds the bridge and starts it: the status item, the "Agent changes" panel
 * and its command, the catalogue, and the connections to the servers in the
 * settings. `handlers` and `dialogs` are the parts the plugin made when it
 * activated (other extensions' handlers, the dialogs opened since). Resolves
 * once the settings are read and applied.
 */
export function startBridge(
  app: JupyterFrontEnd,
  { settingRegistry, fileBrowser, statusBar, docManager, notebookTracker, palette }: PageServices,
  handlers: AgentToolHandlers,
  dialogs: DialogWatcher
): Promise<void> {
  let settings: BridgeSettings = readSettings({});
  const storage = claimTabStorage(tabStorage(), window);
  const pending = new PendingCalls({
    pendingAfterMs: () => settings.pendingAfterSeconds * 1000,
    openDialogs: () => dialogs.open(),
    store: storage
  });
  const person = new PersonControl(dialogs, () => settings.confirm);
  const normalize = (path: string) => normalizePath(app.serviceManager.contents, path);
  // The focus names cells as the notebook tools do: short for the bridge's own, whole for another extension's.
  const shortIds = () => settings.notebookTools === 'bridge';
  // A page without notebooks' APIs (a disabled plugin, an older release) keeps the rest of the bridge.
  const parts = new OptionalParts();
  const notebooks = parts.build(
    NOTEBOOK_TOOLS,
    { docManager: [IDocumentManager, docManager], notebookTracker: [INotebookTracker, notebookTracker] },
    ({ docManager, notebookTracker }) => {
      const marks = new WorkMarks(notebookTracker, normalize);
      const tools = new NotebookTools(app, {
        docManager,
        notebookTracker,
        markCell: (notebookPath, cellId) => markCell(marks, notebookPath, cellId),
        resultChars: () => settings.maxResultChars,
        trackChanges: () => settings.trackChanges
      });
      const journal = new JournalRecorder(tools.documents, new Journal());
      const panel = new AgentChangesPanel(journal.journal, (id, scope) => revertCalls(tools.documents, journal, id, scope));
      return { marks, tools, journal, showChanges: showAgentChanges(app, palette, panel) };
    }
  );
  const extensionTools = new AgentToolsService(app, settingRegistry, handlers);
  const catalogue = new LiveCatalogue(
    app,
    (live) => [
      getContextTool(app, fileBrowser, {
        catalogueErrors: () => [...live.errors, ...parts.missing, ...(inPage?.errors() ?? [])],
        dialogs: () => dialogs.open(),
        pending: () => pending.running(),
        focus: () => (notebookTracker ? notebookFocus(notebookTracker, normalize, shortIds()) : null),
        shortIds
      }),
      listAllCommandsTool(app, live),
      executeCommandTool(app, live),
      answerDialogTool(dialogs),
      waitForResultTool(pending, () => settings.pendingAfterSeconds)
    ],
    defaultToolShortcuts(app),
    extensionTools,
    {
      runOf: (declaration) => notebooks?.tools.runOf(declaration),
      whyOff: () => parts.whyOff(NOTEBOOK_TOOLS),
      cellIdsAt: (path) => notebooks?.tools.documents.heldCellIds(normalize(path))
    }
  );

  const status = new StatusModel(person);
  const call = callPipeline(
    pageCallSteps({
      tools: () => catalogue.tools,
      status,
      pending,
      dialogs,
      person,
      marks: notebooks?.marks,
      journal: notebooks?.journal,
      settings: () => settings
    })
  );
  const id = pageId(storage);
  const connections = new Connections(
    {
      bridgeVersion: BRIDGE_VERSION,
      alert,
      changed: () => {
        status.pageChanged();
        if (connections.connectedUrls().length > 0) {
          markStart('welcome');
        }
      },
      identity: () => pageIdentity(id, app),
      catalogue: () => catalogue.message(),
      run: heldAnswers(
        (tool: string, args: Record<string, unknown>, caller: Caller) => call(tool, args, 'server', caller),
        holdWhileUnloading(window)
      ),
      log
    },
    undefined,
    remoteReach(window, { alert, inform })
  );
  status.follow(connections);
  const statusItem = new StatusItem(
    status,
    () => void openStatusMenu(person, connections, () => status.pageChanged(), notebooks?.showChanges)
  );
  statusBar?.registerStatusItem(`${PLUGIN_ID}:status`, { item: statusItem, align: 'left', rank: 100 });
  // Where the browser has WebMCP (SPEC §2.3c); elsewhere nothing happens, and its code (a chunk of its own) is never loaded.
  let inPage: PublishedTools | undefined;
  const publish = () => inPage?.sync(settings.enabled && settings.webmcp ? catalogue.descriptors() : []);
  const modelContext = findModelContext(globalThis.document);
  if (modelContext) {
    import('./webmcp/published-tools.js').then(
      ({ PublishedTools }) => {
        inPage = new PublishedTools(modelContext, {
          call: (tool, args) => call(tool, args, 'in-page', IN_PAGE_CALLER),
          warn: log.warn,
          taken: (names) => status.showTaken(names)
        });
        publish();
      },
      (error: Error) => log.warn(`could not load the WebMCP part, so this page publishes no tools to WebMCP: ${error.message}`)
    );
  }
  catalogue.onChange(() => {
    connections.sendCatalogue();
    publish();
  });
  watchPageFocus((focused) => connections.sendPageState(focused));
  if (notebookTracker) {
    watchNotebookFocus(notebookTracker, normalize, shortIds, (focus) => connections.sendFocus(focus));
  }

  parts.tellOnce(alert, log.warn);
  return watchSettings(
    settingRegistry,
    async (next) => {
      settings = next;
      await catalogue.applySettings(next);
      connections.apply(next);
      publish();
    },
    log.warn
  );
}

/**
 * The "Agent changes" panel in the right sidebar (JupyterLab; Notebook 7 lists
 * it under View > Right Sidebar) and the command that shows it, in the command
 * palette; the function returned shows it.
 */
function showAgentChanges(app: JupyterFrontEnd, palette: ICommandPalette | null, panel: AgentChangesPanel): () => void {
  app.shell.add(panel, 'right', { rank: 900 });
  app.commands.addCommand(SHOW_AGENT_CHANGES, {
    label: 'Show Agent Changes',
    caption: "The agent's calls that changed cells, with their diffs, to review and take back",
    execute: () => app.shell.activateById(panel.id)
  });
  palette?.addItem({ command: SHOW_AGENT_CHANGES, category: 'Agent bridge' });
  return () => void app.commands.execute(SHOW_AGENT_CHANGES);
}

const SHOW_AGENT_CHANGES = 'jupyter-live-mcp-ui:show-agent-changes';
const NOTEBOOK_TOOLS = 'the notebook tools';
