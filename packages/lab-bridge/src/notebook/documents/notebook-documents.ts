/**
 * Finding the notebook a tool acts on, as the page has it: the notebook open
 * in a tab (its live model, unsaved edits included), else one the page holds
 * in memory. A notebook the page does not have is opened without taking the
 * person's focus: in JupyterLab (and JupyterLite's lab UI) as a background
 * tab; where documents open in browser tabs of their own (Notebook 7,
 * JupyterLite's notebooks UI) it is held in memory instead (MemoryNotebook).
 * Either way its kernel is chosen and started here, so JupyterLab never shows
 * its "Select Kernel" dialog.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { ISessionContext } from '@jupyterlab/apputils';
import { PathExt } from '@jupyterlab/coreutils';
import type { IDocumentManager } from '@jupyterlab/docmanager';
import { NotebookPanel, type INotebookTracker } from '@jupyterlab/notebook';
import type { Contents, Kernel } from '@jupyterlab/services';
import { Signal, type ISignal } from '@lumino/signaling';
import { documentsOpenInNewTabs } from '../../jupyterlab/main-area.js';
import { CommandFailure, errorMessage, noNotebook } from '../commands/command-failure.js';
import { stat } from './contents-lookup.js';
import { kernelspecForNotebook } from '../kernels/kernelspecs.js';
import { MemoryNotebook } from './memory-notebook.js';
import type { HeldNotebook } from '../cells/held-notebook.js';
import { cellsOf } from '../cells/notebook-cells.js';
import { RunTracker } from '../cells/run-tracker.js';
import { ChangeTracking } from './change-tracking.js';
import { within } from '../../within.js';

/** How long a call waits for a kernel session the page is still setting up (JupyterLab may be asking the person). */
const SESSION_WAIT_MS = 60_000;

/** What a result says about a notebook the call had to open. */
export const OPENED_IN = {
  tab: "The page opened this notebook in a background tab (the person's current tab stays in front).",
  memory:
    'Documents open in browser tabs of their own from this page, so it holds this notebook in memory, without a ' +
    'tab: the person sees the changes once it is saved (save_notebook) and opened.'
} as const;

/** The note a result carries when its call had to open the notebook. */
export function openedNote(notebook: HeldNotebook, opened: boolean): { note?: string } {
  return opened ? { note: OPENED_IN[notebook.heldIn] } : {};
}

/** A path as the contents service names it ("./a//b.ipynb/" is "a/b.ipynb"). */
export function normalizePath(contents: Contents.IManager, path: string): string {
  return contents.normalize(path.trim()).replace(/\/+$/, '');
}

/** What happens to the notebooks the page has, as the journal of agent changes follows them (notebook/journal). */
export type DocumentEvent =
  /** A call opened it (after its load, before the call changes anything). */
  | { kind: 'opened'; notebook: HeldNotebook }
  /** The page no longer has it: its tab closed, or the notebook held in memory went. */
  | { kind: 'closed'; path: string }
  | { kind: 'renamed'; from: string; to: string };

export class NotebookDocuments {
  /** The runs of every notebook the page has, for the reads' stale marks. */
  readonly runs = new RunTracker();
  /** What each agent has not heard of yet, and what it last saw of each cell (SPEC §2.5). */
  readonly changes: ChangeTracking;
  private readonly memory = new Map<string, Promise<MemoryNotebook>>();
  /** The notebooks of `memory` whose load finished. */
  private readonly loaded = new Set<MemoryNotebook>();
  /** Kernel starts for a notebook, one after the other: a run waits for its kernel rather than finding none. */
  private readonly kernelStarts = new WeakMap<ISessionContext, Promise<void>>();
  private readonly changed = new Signal<this, DocumentEvent>(this);

  constructor(
    private readonly app: JupyterFrontEnd,
    private readonly docManager: IDocumentManager,
    private readonly tracker: INotebookTracker,
    trackChanges: () => boolean
  ) {
    this.changes = new ChangeTracking(trackChanges, app.commands.commandExecuted, () => tracker.currentWidget?.content);
    app.serviceManager.contents.fileChanged.connect((_, change) => void this.followFile(change));
    tracker.forEach((panel) => {
      this.watch(fromPanel(panel));
      this.follow(panel);
    });
    tracker.widgetAdded.connect((_, panel) => {
      this.watch(fromPanel(panel));
      this.follow(panel);
    });
  }

  get events(): ISignal<this, DocumentEvent> {
    return this.changed;
  }

  /** A path as the contents service names it. */
  normalize(path: string): string {
    return normalizePath(this.app.serviceManager.contents, path);
  }

  /** The notebook if the page has it open, in a tab or in memory. */
  async held(tool: string, path: string): Promise<HeldNotebook | undefined> {
    const panel = this.panelAt(path);
    if (panel) {
      await loaded(tool, panel);
    }
    const memory = this.memory.get(path);
    const notebook = panel ? fromPanel(panel) : memory ? fromMemory(await memory) : undefined;
    if (notebook) {
      this.watch(notebook);
    }
    return notebook;
  }

  /** The ids of the cells of the notebook at `path`, in order, while the page holds it and a tool has worked on it. */
  cellIds(path: string): string[] | undefined {
    const model = this.changes.modelAt(path);
    return model && cellsOf(model).map((cell) => cell.id);
  }

  /** The ids of the cells of the notebook at `path`, in order, while the page holds it: in a tab, or worked on by a tool. */
  heldCellIds(path: string): string[] | undefined {
    const model = this.panelAt(path)?.model;
    return model ? cellsOf(model).map((cell) => cell.id) : this.cellIds(path);
  }

  private panelAt(path: string): NotebookPanel | undefined {
    return this.tracker.find((candidate) => candidate.context.path === path && !candidate.isDisposed);
  }

  /** The kernel connections of the notebooks held in memory: documents too, though in no tab. */
  memoryKernels(): Kernel.IKernelConnection[] {
    return [...this.loaded].flatMap((notebook) => notebook.sessionContext.session?.kernel ?? []);
  }

  /** The notebook the page has, or opens now without taking focus; `opened` says it did. */
  async hold(tool: string, path: string): Promise<{ notebook: HeldNotebook; opened: boolean }> {
    const held = await this.held(tool, path);
    if (held) {
      return { notebook: held, opened: false };
    }
    await this.requireNotebookFile(tool, path);
    const notebook = documentsOpenInNewTabs() ? fromMemory(await this.loadInMemory(path)) : await this.openInBackground(tool, path);
    this.watch(notebook);
    void this.queueStart(notebook.sessionContext, () => this.startOwnKernel(notebook));
    this.changed.emit({ kind: 'opened', notebook });
    return { notebook, opened: true };
  }

  /** Opens a notebook just created with the kernel chosen for it, started explicitly. */
  async openCreated(tool: string, path: string, kernel: string): Promise<HeldNotebook> {
    const notebook = documentsOpenInNewTabs() ? fromMemory(await this.loadInMemory(path)) : await this.openInBackground(tool, path);
    this.watch(notebook);
    await this.startKernel(notebook, kernel);
    return notebook;
  }

  /**
   * Starts (or changes to) the kernelspec `name` for the notebook, without a
   * dialog. The model's kernelspec follows, as a notebook tab does itself.
   */
  startKernel(notebook: HeldNotebook, name: string): Promise<void> {
    const context = notebook.sessionContext;
    return this.queueStart(context, async () => {
      await settled(context, SESSION_WAIT_MS);
      const kernel = context.session?.kernel;
      if (kernel && kernel.name === name && kernel.status !== 'dead') {
        return;
      }
      await context.changeKernel({ name });
      if (!notebook.panel) {
        const spec = this.app.serviceManager.kernelspecs.specs?.kernelspecs[name];
        notebook.model.setMetadata('kernelspec', { name, display_name: spec?.display_name ?? name, language: spec?.language ?? '' });
      }
    });
  }

  /** The notebook's kernel connection once the starts queued for it are done; null without one. */
  async kernelOf(notebook: HeldNotebook): Promise<Kernel.IKernelConnection | null> {
    const context = notebook.sessionContext;
    await this.kernelStarts.get(context);
    await settled(context, SESSION_WAIT_MS);
    return context.session?.kernel ?? null;
  }

  /**
   * Saves the notebook as the page has it, the person's unsaved edits too, as the agent's act (no agent
   * is told of its own save). A notebook in memory that changed on disk meanwhile is dropped.
   */
  async save(notebook: HeldNotebook, agent: string | undefined): Promise<void> {
    await this.changes.authors.claim(notebook.path, agent, () => this.write(notebook));
  }

  private async write(notebook: HeldNotebook): Promise<void> {
    if (notebook.panel) {
      await notebook.panel.context.save();
      return;
    }
    const memory = await this.memory.get(notebook.path);
    try {
      await memory?.save();
    } catch (error) {
      if (error instanceof CommandFailure && error.code === 'save_conflict') {
        this.forget(notebook.path);
      }
      throw error;
    }
  }

  /** Follows the notebook's runs and changes from now on. */
  private watch(notebook: HeldNotebook): void {
    this.runs.watch(notebook.model);
    this.changes.watch(notebook);
  }

  /** A path that is not a notebook file is refused before anything opens it (and shows a load error). */
  private async requireNotebookFile(tool: string, path: string): Promise<void> {
    const model = await stat(this.app.serviceManager.contents, path);
    if (!model) {
      throw noNotebook(tool, path);
    }
    // JupyterLite calls a notebook written as text a file: its content decides then.
    if (model.type !== 'notebook' && !(model.type === 'file' && PathExt.extname(path) === '.ipynb')) {
      throw new CommandFailure(
        'bad_input',
        `${tool}: "${path}" is a ${model.type === 'directory' ? 'folder' : 'file'}, not a notebook.` +
          (model.type === 'directory' ? ' list_directory shows what is in it.' : ' read_file and write_file work on it.')
      );
    }
  }

  private loadInMemory(path: string): Promise<MemoryNotebook> {
    let loading = this.memory.get(path);
    if (!loading) {
      loading = MemoryNotebook.load(this.app.serviceManager, path);
      this.memory.set(path, loading);
      void loading.then(
        (notebook) => this.loaded.add(notebook),
        () => this.memory.delete(path)
      );
    }
    return loading;
  }

  private async openInBackground(tool: string, path: string): Promise<HeldNotebook> {
    // No kernel starts by itself: it is chosen here, so the kernel picker never opens.
    const widget = this.docManager.openOrReveal(path, 'default', undefined, { activate: false }, { shouldStart: false });
    if (!(widget instanceof NotebookPanel)) {
      widget?.close();
      throw new CommandFailure('bad_input', `${tool}: "${path}" does not open as a notebook in this page.`);
    }
    await loaded(tool, widget);
    // Once its session is set up, the tab behaves as one the person opened (JupyterLab asks them for a kernel when it needs one).
    const context = widget.sessionContext;
    void context.ready.then(() => (context.kernelPreference = { ...context.kernelPreference, shouldStart: true }));
    return fromPanel(widget);
  }

  /** The kernel the notebook asks for (its kernelspec, else its language, else the page's default), if the page has it. */
  private async startOwnKernel(notebook: HeldNotebook): Promise<void> {
    const context = notebook.sessionContext;
    try {
      await settled(context, SESSION_WAIT_MS);
      const kernelspecs = this.app.serviceManager.kernelspecs;
      await kernelspecs.ready;
      const name = kernelspecForNotebook(kernelspecs.specs, {
        name: notebook.model.defaultKernelName,
        language: notebook.model.defaultKernelLanguage
      });
      if (name && !context.session?.kernel && !context.isDisposed) {
        await context.changeKernel({ name });
      }
    } catch (error) {
      console.warn(`[jupyter-live-mcp] could not start the kernel of ${notebook.path}: ${errorMessage(error)}`);
    }
  }

  /** Runs `start` after the starts already queued for the notebook, so two never race to start a kernel. */
  private queueStart(context: ISessionContext, start: () => Promise<void>): Promise<void> {
    const run = (this.kernelStarts.get(context) ?? Promise.resolve()).then(start);
    this.kernelStarts.set(
      context,
      run.catch(() => undefined)
    );
    return run;
  }

  /** A tab's notebook renamed, or closed where no other tab shows it. */
  private follow(panel: NotebookPanel): void {
    let path = panel.context.path;
    panel.context.pathChanged.connect(() => {
      const from = path;
      path = panel.context.path;
      this.changed.emit({ kind: 'renamed', from, to: path });
    });
    panel.disposed.connect(() => {
      if (!this.tracker.find((other) => other !== panel && other.context.path === path) && !this.memory.has(path)) {
        this.changed.emit({ kind: 'closed', path });
      }
    });
  }

  private forget(path: string): void {
    const memory = this.memory.get(path);
    this.memory.delete(path);
    this.changed.emit({ kind: 'closed', path });
    void memory?.then(
      (notebook) => {
        this.loaded.delete(notebook);
        this.changes.closed(notebook.model);
        notebook.dispose();
      },
      () => undefined
    );
  }

  /** A notebook held in memory follows its file when it is renamed, and goes when it is deleted. */
  private async followFile(change: Contents.IChangedArgs): Promise<void> {
    const from = change.oldValue?.path;
    if (!from || !this.memory.has(from)) {
      return;
    }
    if (change.type === 'delete') {
      this.forget(from);
    } else if (change.type === 'rename' && change.newValue?.path) {
      const memory = this.memory.get(from)!;
      this.memory.delete(from);
      this.memory.set(change.newValue.path, memory);
      const notebook = await memory;
      this.changes.movedTo(notebook.model, change.newValue.path);
      await notebook.moved(change.newValue.path);
      this.changed.emit({ kind: 'renamed', from, to: change.newValue.path });
    }
  }
}

function fromPanel(panel: NotebookPanel): HeldNotebook {
  return { path: panel.context.path, model: panel.context.model, sessionContext: panel.sessionContext, panel, heldIn: 'tab' };
}

function fromMemory(notebook: MemoryNotebook): HeldNotebook {
  return { path: notebook.path, model: notebook.model, sessionContext: notebook.sessionContext, heldIn: 'memory' };
}

/**
 * Resolves once the session is set up, or after `ms`: a session JupyterLab set
 * up to ask the person for a kernel is not ready until they answer.
 */
async function settled(context: ISessionContext, ms: number): Promise<void> {
  if (context.isReady) {
    return;
  }
  await within(context.ready, ms);
}

/**
 * Resolves once the tab's notebook is loaded. A load that fails closes the
 * tab and never settles `ready`, so the tab's disposal is the failure.
 */
function loaded(tool: string, panel: NotebookPanel): Promise<void> {
  if (panel.context.isReady) {
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const closed = () =>
      reject(
        new CommandFailure(
          'bad_input',
          `${tool}: "${panel.context.path}" could not be loaded as a notebook, and its tab closed (the page's error dialog, listed in dialogs, says why; answer_dialog closes it).`
        )
      );
    if (panel.isDisposed) {
      closed();
      return;
    }
    panel.disposed.connect(closed);
    void panel.context.ready.then(() => {
      panel.disposed.disconnect(closed);
      resolve();
    }, reject);
  });
}
