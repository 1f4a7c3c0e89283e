/**
 * `get_context` (SPEC §2.4): what the page shows, for the agent to start from.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { IDefaultFileBrowser } from '@jupyterlab/filebrowser';
import { succeed } from '@jupyter-live-mcp/protocol';
import type { CatalogueError } from '../catalogue/settings-tools.js';
import type { DialogInfo } from '../calls/dialogs.js';
import type { BridgeTool } from '../calls/bridge-tool.js';
import type { RunningCall } from '../calls/pending-calls.js';
import type { PersonFocus } from '@jupyter-live-mcp/protocol';
import { defineBuiltInTool } from './built-in-tool.js';
import { editorState, type Position } from '../jupyterlab/editor-state.js';
import { recentRefresh } from './recent-refresh.js';
import { describeMainAreaWidget, editorOf, isOneDocumentPage, kernelSummaryOf, mainAreaWidgets } from '../jupyterlab/main-area.js';
import { listKernelspecs } from '../notebook/kernels/kernelspecs.js';
import { within } from '../within.js';

export const ONE_DOCUMENT_NOTE =
  'This page shows one document (Jupyter Notebook 7, or the notebooks UI of JupyterLite): open_document opens ' +
  'another document in a new browser tab, which connects as a page of its own (see select_page).';

/** How long get_context waits for the server's list of running kernels. */
const KERNEL_REFRESH_MS = 2000;

/**
 * A list of running kernels fetched this recently is reused: asking the server
 * (GET /api/kernels) was most of get_context's time, and kernels this page
 * starts or stops reach the list at once without asking; only kernels started
 * elsewhere can show up a second late.
 */
const KERNEL_LIST_FRESH_MS = 1000;

interface EditorLike {
  getCursorPosition(): Position;
  getSelection(): { start: Position; end: Position };
  model: { sharedModel: { getSource(): string } };
}

/** What get_context reads from the rest of the bridge. */
export interface ContextSources {
  catalogueErrors(): readonly CatalogueError[];
  dialogs(): DialogInfo[];
  pending(): RunningCall[];
  /** Where the person is in their notebook (SPEC §2.5), or null on a page without notebooks. */
  focus(): PersonFocus | null;
  /** Whether cell ids are shown short, as the bridge's notebook tools show them (protocol's cell-ids.ts). */
  shortIds(): boolean;
}

export function getContextTool(app: JupyterFrontEnd, fileBrowser: IDefaultFileBrowser | null, state: ContextSources): BridgeTool {
  const refreshKernels = recentRefresh(() => app.serviceManager.kernels.refreshRunning(), KERNEL_LIST_FRESH_MS);
  return defineBuiltInTool('get_context', {
    async run() {
      // Kernels first: their refresh takes a moment, and the widgets read after it
      // then show the same kernel states.
      const kernels = await runningKernels(app, refreshKernels);
      const current = app.shell.currentWidget;
      const widgets = mainAreaWidgets(app);
      const oneDocument = isOneDocumentPage();
      const shortIds = state.shortIds();
      return succeed({
        app: { name: app.name, version: app.version },
        // A one-document page loads the file browser plugin but shows no browser.
        fileBrowserPath: fileBrowser && !oneDocument ? fileBrowser.model.path : null,
        currentWidgetId: current?.id ?? null,
        currentEditor: current ? currentEditor(current, shortIds) : null,
        widgets: widgets.map((widget) => describeMainAreaWidget(widget, shortIds)),
        kernels,
        kernelspecs: listKernelspecs(app.serviceManager.kernelspecs.specs),
        dialogs: state.dialogs(),
        pending: state.pending(),
        focus: state.focus(),
        ...(state.catalogueErrors().length ? { catalogueErrors: state.catalogueErrors() } : {}),
        ...(oneDocument ? { note: ONE_DOCUMENT_NOTE } : {})
      });
    }
  });
}

function currentEditor(widget: Parameters<typeof editorOf>[0], shortIds: boolean): Record<string, unknown> | null {
  const found = editorOf(widget, shortIds);
  if (!found) {
    return null;
  }
  const editor = found.editor as EditorLike;
  return {
    ...(found.cellId ? { cellId: found.cellId } : {}),
    ...editorState(editor.model.sharedModel.getSource(), editor.getCursorPosition(), editor.getSelection())
  };
}

/**
 * The server's running kernels, refreshed first unless fresh (waiting at most KERNEL_REFRESH_MS). An
 * open document's kernel shows the status the document shows, which is fresher
 * than the server's list.
 */
async function runningKernels(app: JupyterFrontEnd, refresh: (stale: boolean) => Promise<void> | undefined) {
  const kernels = app.serviceManager.kernels;
  const shown = new Map<string, string>();
  for (const widget of mainAreaWidgets(app)) {
    const kernel = kernelSummaryOf(widget);
    if (kernel) {
      shown.set(kernel.id, kernel.status);
    }
  }
  // A document that just started its kernel knows it before the list does.
  const listed = new Set([...kernels.running()].map((model) => model.id));
  const refreshing = refresh([...shown.keys()].some((id) => !listed.has(id)));
  if (refreshing) {
    await within(refreshing, KERNEL_REFRESH_MS);
  }
  return [...kernels.running()].map((model) => ({
    id: model.id,
    name: model.name,
    status: shown.get(model.id) ?? model.execution_state ?? 'unknown'
  }));
}
