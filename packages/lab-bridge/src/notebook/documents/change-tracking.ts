/**
 * The page's side of working beside the person (SPEC §2.5): a thin adapter
 * that feeds the change log (changes/change-log.ts) from the signals of every
 * notebook the page has — cells edited, added, deleted, moved; runs the person
 * starts; the kernel restarted or changed; saved, reverted, renamed, closed —
 * each by its author (changes/authorship.ts: a step of an agent's call, else
 * the person), remembers what each agent last read or wrote of each cell and
 * when the person last typed in it, and answers the conflict rule
 * (changes/conflict-rule.ts) for the edit tools.
 */
import type { ICellModel, ICodeCellModel } from '@jupyterlab/cells';
import { NotebookActions, type INotebookModel, type Notebook } from '@jupyterlab/notebook';
import { Authorship } from '../../changes/authorship.js';
import { CellListEvents } from '../../changes/cell-list-events.js';
import { ChangeLog, type Author, type KernelEvent, type NotebookChanges, type NotebookEvent } from '../../changes/change-log.js';
import { describeConflicts, findConflicts, SeenRevisions, type EditTarget } from '../../changes/conflict-rule.js';
import { CommandFailure } from '../commands/command-failure.js';
import type { HeldNotebook } from '../cells/held-notebook.js';
import { cellsOf } from '../cells/notebook-cells.js';

/** A watched notebook: where it is now, and when the person last pressed a key in each cell's editor. */
interface Watched {
  notebook: HeldNotebook;
  path: string;
  keystrokes: Map<string, number>;
}

/** The page commands by which the person interrupts a notebook's kernel (the toolbar's button runs the first). */
const INTERRUPT_COMMANDS = new Set(['notebook:interrupt-kernel', 'kernelmenu:interrupt']);

export class ChangeTracking {
  readonly authors = new Authorship();
  private readonly log = new ChangeLog();
  private readonly seenRevisions = new SeenRevisions();
  private readonly watched = new Map<INotebookModel, Watched>();
  private readonly byWidget = new WeakMap<Notebook, Watched>();

  constructor(
    /** Whether the page tracks changes now (setting trackChanges). */
    private readonly enabled: () => boolean,
    commandExecuted: { connect(slot: (sender: unknown, args: { id: string }) => void): unknown },
    currentNotebook: () => Notebook | null | undefined
  ) {
    NotebookActions.executed.connect((_, { notebook, cell, success }) => {
      const watched = this.byWidget.get(notebook);
      if (watched && cell.model.type === 'code') {
        const executionCount = (cell.model as ICodeCellModel).executionCount;
        this.record(watched, { kind: 'ran', cellId: cell.model.id, executionCount, ok: success });
      }
    });
    commandExecuted.connect((_, { id }) => {
      const current = currentNotebook();
      const watched = current && INTERRUPT_COMMANDS.has(id) ? this.byWidget.get(current) : undefined;
      if (watched) {
        this.record(watched, { kind: 'kernel', what: 'interrupted' });
      }
    });
  }

  /** Starts following a notebook the page has; following it again does nothing. */
  watch(notebook: HeldNotebook): void {
    const { model } = notebook;
    if (this.watched.has(model)) {
      return;
    }
    const watched: Watched = { notebook, path: notebook.path, keystrokes: new Map() };
    this.watched.set(model, watched);
    const list = new CellListEvents((event, by) => this.log.record(watched.path, event, by));
    let reverting = false;
    // What loading the file into a tab's model does is no change anyone made.
    const quiet = () => reverting || (notebook.panel !== undefined && !notebook.panel.context.isReady) || !this.enabled();
    const watchCell = (cell: ICellModel) =>
      cell.sharedModel.changed.connect((_, change) => {
        if (change.sourceChange && !quiet()) {
          this.record(watched, { kind: 'edited', cellId: cell.id });
        }
      });
    cellsOf(model).forEach(watchCell);
    // The list's removes name no cell (the models are gone by then): the ids are kept here, in the list's order.
    const ids = cellsOf(model).map((cell) => cell.id);
    model.cells.changed.connect((_, change) => {
      const by = quiet() ? null : this.authors.authorOf(watched.path);
      if (change.type === 'add') {
        change.newValues.forEach(watchCell);
        ids.splice(change.newIndex, 0, ...change.newValues.map((cell) => cell.id));
        for (const [at, cell] of change.newValues.entries()) {
          if (by !== null) {
            list.added(cell.id, change.newIndex + at, by);
          }
        }
      } else if (change.type === 'remove') {
        const removed = ids.splice(change.oldIndex, change.oldValues.length);
        for (const [at, cellId] of removed.entries()) {
          if (by !== null) {
            list.removed(cellId, change.oldIndex + at, by);
          }
        }
      } else if (change.type === 'move') {
        const moved = ids.splice(change.oldIndex, change.oldValues.length);
        ids.splice(change.newIndex, 0, ...moved);
        for (const cellId of moved) {
          if (by !== null) {
            list.moved(cellId, by);
          }
        }
      }
    });
    const session = notebook.sessionContext;
    session.statusChanged.connect((_, status) => {
      if (status === 'restarting') {
        this.record(watched, { kind: 'kernel', what: 'restarted' });
      }
    });
    session.kernelChanged.connect((_, { oldValue, newValue }) => {
      if (oldValue && newValue && oldValue.id !== newValue.id) {
        this.record(watched, { kind: 'kernel', what: 'changed' });
      }
    });
    const panel = notebook.panel;
    if (!panel) {
      return;
    }
    this.byWidget.set(panel.content, watched);
    // A revert loads the file into the model as a whole: one "reverted", not every cell deleted and added again.
    const load = model.fromJSON.bind(model);
    model.fromJSON = (value) => {
      reverting = panel.context.isReady;
      try {
        load(value);
      } finally {
        if (reverting) {
          reverting = false;
          this.record(watched, { kind: 'reverted' });
        }
      }
    };
    panel.context.saveState.connect((_, state) => {
      if (state === 'completed') {
        this.record(watched, { kind: 'saved' });
      }
    });
    panel.context.pathChanged.connect((_, path) => this.moved(watched, path));
    panel.disposed.connect(() => this.closed(model));
    // The person types in the active cell's editor; a key pressed anywhere else in the notebook is not typing.
    panel.content.node.addEventListener(
      'keydown',
      (event) => {
        const active = panel.content.activeCell;
        if (active?.editorWidget?.node.contains(event.target as Node)) {
          watched.keystrokes.set(active.model.id, Date.now());
        }
      },
      { capture: true, passive: true }
    );
  }

  /** A notebook held in memory moved with its file. */
  movedTo(model: INotebookModel, path: string): void {
    const watched = this.watched.get(model);
    if (watched) {
      this.moved(watched, path);
    }
  }

  /** The page let the notebook go (its tab closed, or the notebook held in memory was dropped). */
  closed(model: INotebookModel): void {
    const watched = this.watched.get(model);
    if (!watched) {
      return;
    }
    this.watched.delete(model);
    this.record(watched, { kind: 'closed' });
    this.seenRevisions.closed(watched.path);
  }

  /** An agent's run of a cell, or its interrupt, as its call saw it end: its steps are not the page's runs. */
  ranByAgent(notebook: HeldNotebook, agent: Author, cellId: string, outcome: { status: string; executionCount?: number | null }): void {
    const watched = this.watched.get(notebook.model);
    if (watched && (outcome.status === 'ok' || outcome.status === 'error')) {
      this.log.record(
        watched.path,
        { kind: 'ran', cellId, executionCount: outcome.executionCount ?? null, ok: outcome.status === 'ok' },
        agent
      );
    }
  }

  /** An agent's call did this to a kernel: every notebook on it hears so, as that agent's. */
  kernelByAgent(kernelId: string, what: KernelEvent, agent: Author): void {
    for (const watched of this.watched.values()) {
      if (watched.notebook.sessionContext.session?.kernel?.id === kernelId) {
        this.log.record(watched.path, { kind: 'kernel', what }, agent);
      }
    }
  }

  /**
   * What others did in the notebook since `agent`'s previous call on it; this
   * call is now its latest. Nothing while tracking is off.
   */
  take(path: string, agent: string): NotebookChanges {
    if (!this.enabled()) {
      return {};
    }
    // Built only when there is a cell to place: most calls have nothing to tell.
    let indexes: Map<string, number> | undefined;
    return this.log.take(path, agent, (cellId) => {
      if (!indexes) {
        const model = this.modelAt(path);
        indexes = new Map(model ? cellsOf(model).map((cell, index) => [cell.id, index]) : []);
      }
      return indexes.get(cellId) ?? -1;
    });
  }

  /** The agent now knows these cells as they are: it read or wrote them. */
  saw(path: string, agent: Author, cells: readonly { id: string; source: string; revision?: string }[]): void {
    if (agent !== undefined && this.enabled()) {
      this.seenRevisions.saw(path, agent, cells);
    }
  }

  /** The agent saw the whole notebook as the model has it now. */
  sawAll(notebook: HeldNotebook, agent: Author): void {
    this.saw(
      notebook.path,
      agent,
      cellsOf(notebook.model).map((cell) => ({ id: cell.id, source: cell.sharedModel.getSource() }))
    );
  }

  /**
   * Refuses, before anything opens or changes it, an edit of a notebook that
   * closed after the agent last read or wrote it: what it saw may have gone
   * with the close (unsaved text). `force` skips it.
   */
  refuseClosed(tool: string, path: string, agent: Author, force: boolean): void {
    if (agent === undefined || force || !this.enabled() || !this.seenRevisions.closedSince(path, agent)) {
      return;
    }
    throw new CommandFailure(
      'conflict',
      `${tool} changed nothing in "${path}": the notebook was closed after you last read it, so what you saw may be gone ` +
        '(unsaved changes go with the close). Read it again (read_notebook) and redo your edit on what it has now, or pass ' +
        'force: true only if you mean to edit it as it is.',
      { notebookPath: path, closed: true }
    );
  }

  /**
   * Refuses, all or none, an edit of cells someone changed after this agent
   * last read or wrote them, of cells not at the revision it named, or that the
   * person is typing in: code conflict with each cell's source and revision now.
   */
  refuseConflicts(tool: string, notebook: HeldNotebook, agent: Author, targets: readonly EditTarget[], force: boolean): void {
    if (agent === undefined || !this.enabled()) {
      return;
    }
    const cells = new Map(cellsOf(notebook.model).map((cell, index) => [cell.id, { cell, index }]));
    const keystrokes = this.watched.get(notebook.model)?.keystrokes;
    const conflicts = findConflicts({
      targets,
      current: (cellId) => {
        const found = cells.get(cellId);
        const lastKeystroke = keystrokes?.get(cellId);
        return (
          found && {
            id: cellId,
            index: found.index,
            source: found.cell.sharedModel.getSource(),
            ...(lastKeystroke ? { lastKeystroke } : {})
          }
        );
      },
      seen: (cellId) => this.seenRevisions.seen(notebook.path, agent, cellId),
      force,
      now: Date.now()
    });
    if (conflicts.length) {
      throw new CommandFailure('conflict', describeConflicts(tool, notebook.path, conflicts), { notebookPath: notebook.path, conflicts });
    }
  }

  /** The agent's session ended. */
  forgetAgent(agent: string): void {
    this.log.forgetAgent(agent);
    this.seenRevisions.forgetAgent(agent);
  }

  private record(watched: Watched, event: NotebookEvent): void {
    if (this.enabled()) {
      this.log.record(watched.path, event, this.authors.authorOf(watched.path));
    }
  }

  private moved(watched: Watched, path: string): void {
    const from = watched.path;
    watched.path = path;
    this.log.renamed(from, path, this.authors.authorOf(from));
    this.seenRevisions.renamed(from, path);
  }

  /** The model of the notebook at `path`, while the page holds it and follows it here. */
  modelAt(path: string): INotebookModel | undefined {
    for (const [model, watched] of this.watched) {
      if (watched.path === path) {
        return model;
      }
    }
    return undefined;
  }
}
