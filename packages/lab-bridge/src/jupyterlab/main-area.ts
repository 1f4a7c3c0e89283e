/**
 * Reading the page's main area: which widgets are open and what they hold.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import { PageConfig } from '@jupyterlab/coreutils';
import type { Kernel } from '@jupyterlab/services';
import type { Widget } from '@lumino/widgets';
import { shortCellIds } from '@jupyter-live-mcp/protocol';
import { describeWidget } from '../calls/serialise.js';

/**
 * Notebook 7 and JupyterLite's notebooks UI (built on it) name each page in the
 * page config option `notebookPage`: the notebook, editor and console pages
 * show one document; the tree page shows the file browser. (Notebook 7 also
 * marks <body data-notebook>, JupyterLite does not.)
 */
export function isOneDocumentPage(): boolean {
  return ['notebooks', 'edit', 'consoles'].includes(PageConfig.getOption('notebookPage'));
}

/**
 * Notebook 7 and JupyterLite's notebooks UI open every document in a browser
 * tab of its own, from any of their pages (the file browser's too): opening
 * one from a tool would open a new tab, which a browser may block as a popup.
 */
export function documentsOpenInNewTabs(): boolean {
  return PageConfig.getOption('notebookPage') !== '';
}

export function mainAreaWidgets(app: JupyterFrontEnd): Widget[] {
  return [...app.shell.widgets('main')];
}

export function findMainAreaWidget(app: JupyterFrontEnd, id: string): Widget | undefined {
  return mainAreaWidgets(app).find((widget) => widget.id === id);
}

/** The shapes of JupyterLab's document, notebook and console widgets read here. */
interface SessionContextLike {
  session?: { kernel?: Kernel.IKernelConnection | null } | null;
}
interface CellLike {
  model: { id: string; type: string };
  editor?: unknown;
}
interface DocumentWidgetLike {
  context?: { path: string; model?: { dirty: boolean } };
  sessionContext?: SessionContextLike;
  content?: {
    model?: { cells?: { length: number } } | null;
    activeCellIndex?: number;
    activeCell?: CellLike | null;
    widgets?: readonly CellLike[];
    editor?: unknown;
  };
  console?: { sessionContext?: SessionContextLike; promptCell?: CellLike | null };
}

/** The kernel connection of a notebook or console (or other document with a session). */
export function kernelConnectionOf(widget: Widget): Kernel.IKernelConnection | undefined {
  const w = widget as unknown as DocumentWidgetLike;
  return (w.sessionContext ?? w.console?.sessionContext)?.session?.kernel ?? undefined;
}

/** The open documents' (notebooks', consoles'…) connections to kernels. */
export function documentKernels(app: JupyterFrontEnd): Kernel.IKernelConnection[] {
  return mainAreaWidgets(app).flatMap((widget) => kernelConnectionOf(widget) ?? []);
}

export function kernelSummaryOf(widget: Widget): { id: string; name: string; status: string } | undefined {
  const kernel = kernelConnectionOf(widget);
  return kernel ? { id: kernel.id, name: kernel.name, status: kernel.status } : undefined;
}

/** A main-area widget for get_context: only the fields that apply (SPEC §2.4); `shortIds`: cell ids as the notebook tools show them. */
export function describeMainAreaWidget(widget: Widget, shortIds: boolean): Record<string, unknown> {
  const out = describeWidget(widget);
  if (widget.isDisposed) {
    return out;
  }
  const w = widget as unknown as DocumentWidgetLike;
  if (w.context) {
    out.path = w.context.path;
    out.dirty = w.context.model?.dirty ?? false;
  }
  const kernel = kernelSummaryOf(widget);
  if (kernel) {
    out.kernel = kernel;
  }
  if (out.type === 'notebook' && w.content) {
    const active = w.content.activeCell;
    out.notebook = {
      cellCount: w.content.model?.cells?.length ?? 0,
      activeCellIndex: w.content.activeCellIndex ?? -1,
      ...(active ? { activeCellId: cellIdOf(w, active, shortIds), activeCellType: active.model.type } : {})
    };
  }
  return out;
}

/** The editor that has the person's cursor in this widget, and its cell id (`shortIds`: as the notebook tools show it). */
export function editorOf(widget: Widget, shortIds: boolean): { editor: unknown; cellId?: string } | undefined {
  const w = widget as unknown as DocumentWidgetLike;
  if (w.content?.activeCell?.editor) {
    return { editor: w.content.activeCell.editor, cellId: cellIdOf(w, w.content.activeCell, shortIds) };
  }
  if (w.console?.promptCell?.editor) {
    return { editor: w.console.promptCell.editor };
  }
  if (w.context && w.content?.editor) {
    return { editor: w.content.editor };
  }
  return undefined;
}

/**
 * On a one-document page, the widget that shows `path`: opening that path again
 * would make Notebook 7's opener close it here and show it in a new tab.
 */
export function shownDocument(app: JupyterFrontEnd, path: unknown): Widget | undefined {
  if (!isOneDocumentPage() || typeof path !== 'string') {
    return undefined;
  }
  return documentWidgetAt(app, path);
}

/** The main-area widget that shows the document at `path`, if one does. */
export function documentWidgetAt(app: JupyterFrontEnd, path: string): Widget | undefined {
  return mainAreaWidgets(app).find((widget) => (widget as unknown as DocumentWidgetLike).context?.path === path);
}

/** A cell's id, or as the notebook tools show it: short, against the ids of the notebook's cells (protocol's cell-ids.ts). */
function cellIdOf(w: DocumentWidgetLike, cell: CellLike, shortIds: boolean): string {
  const { id } = cell.model;
  return shortIds ? (shortCellIds((w.content?.widgets ?? []).map((other) => other.model.id)).get(id) ?? id) : id;
}
