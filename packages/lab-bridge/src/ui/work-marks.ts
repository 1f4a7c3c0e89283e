/**
 * Where the agent works, shown in the page (SPEC §2.3b): while a call edits or
 * runs cells, their nodes carry a class (a highlight and an "agent running" /
 * "agent editing" badge, style/index.raw.css), and so does the notebook's tab; a
 * call naming no cell marks the notebook as a whole. A command that goes
 * through cells one by one (run_cells) marks each while it is on it, through
 * mark() too, its call marking only the tab. Nothing is focused, activated or
 * scrolled. A notebook the page holds in memory has no node: no mark. A
 * notebook the call opens is marked once its tab has loaded. Marks are
 * counted per node, so two calls on one cell do not clear each other's.
 */
import type { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';
import type { Title, Widget } from '@lumino/widgets';
import { findCellId } from '@jupyter-live-mcp/protocol';
import type { Work } from '../calls/work-target.js';
import { log } from '../log.js';

export const MARK_CLASSES = {
  cell: 'jp-live-mcp-agent-cell',
  notebook: 'jp-live-mcp-agent-notebook',
  tab: 'jp-live-mcp-agent-tab',
  action: { running: 'jp-live-mcp-agent-running', editing: 'jp-live-mcp-agent-editing' }
} as const;

export class WorkMarks {
  constructor(
    private readonly tracker: INotebookTracker,
    /** The path as the notebook commands name it (notebook-documents' normalizePath). */
    private readonly normalize: (path: string) => string
  ) {}

  /** Marks the work until the function returned is called. Never throws: a mark is no reason to fail a call. */
  mark(work: Work): () => void {
    let path = work.notebookPath;
    let releases: (() => void)[] = [];
    let ended = false;
    const markWhenLoaded = (_: unknown, panel: NotebookPanel) => {
      if (panel.context.path !== path) {
        return;
      }
      void panel.context.ready.then(() => {
        if (!ended && !releases.length) {
          guarded(() => (releases = markPanel(panel, work)));
        }
      });
    };
    guarded(() => {
      path = this.normalize(work.notebookPath);
      const panel = this.tracker.find((candidate) => candidate.context.path === path && !candidate.isDisposed);
      if (panel?.context.isReady) {
        releases = markPanel(panel, work);
        return;
      }
      this.tracker.widgetAdded.connect(markWhenLoaded);
      if (panel) {
        markWhenLoaded(undefined, panel);
      }
    });
    return () => {
      ended = true;
      this.tracker.widgetAdded.disconnect(markWhenLoaded);
      for (const release of releases) {
        guarded(release);
      }
      releases = [];
    };
  }
}

/** Marks the notebook's tab, and its cells worked on (else the notebook) unless the command marks them; returns the undos. */
function markPanel(panel: NotebookPanel, work: Work): (() => void)[] {
  const tab = holdTitleClass(panel.title, MARK_CLASSES.tab);
  if (work.cellsByCommand) {
    return [tab];
  }
  const action = MARK_CLASSES.action[work.action];
  // The call names each cell as the agent gave it: its whole id or a start of it.
  const ids = panel.content.widgets.map((cell) => cell.model.id);
  const named = new Set(work.cellIds.map((given) => findCellId(ids, given)).flatMap((match) => (match && 'id' in match ? [match.id] : [])));
  const cells = panel.content.widgets.filter((cell) => named.has(cell.model.id));
  const nodes = cells.length ? cells.map((cell) => cell.node) : [panel.node];
  const where = cells.length ? MARK_CLASSES.cell : MARK_CLASSES.notebook;
  return [tab, ...nodes.flatMap((node) => [holdNodeClass(node, where), holdNodeClass(node, action)])];
}

const holds = new WeakMap<object, Map<string, number>>();

/**
 * Adds `name` through `set(true)` for the first holder of it on `owner`, and
 * takes it away for the last; the function returned lets go (once).
 */
export function holdClass(owner: object, name: string, set: (on: boolean) => void): () => void {
  let counts = holds.get(owner);
  if (!counts) {
    counts = new Map();
    holds.set(owner, counts);
  }
  const held = counts.get(name) ?? 0;
  counts.set(name, held + 1);
  if (held === 0) {
    set(true);
  }
  let released = false;
  return () => {
    if (released) {
      return;
    }
    released = true;
    const left = (counts.get(name) ?? 1) - 1;
    if (left > 0) {
      counts.set(name, left);
    } else {
      counts.delete(name);
      set(false);
    }
  };
}

function holdNodeClass(node: HTMLElement, name: string): () => void {
  return holdClass(node, name, (on) => node.classList.toggle(name, on));
}

/** A tab's classes are its title's; JupyterLab edits the same string (jp-mod-dirty), so only our token is touched. */
function holdTitleClass(title: Title<Widget>, name: string): () => void {
  return holdClass(title, name, (on) => {
    const others = title.className.split(/\s+/).filter((token) => token && token !== name);
    title.className = (on ? [...others, name] : others).join(' ');
  });
}

function guarded(step: () => unknown): void {
  try {
    step();
  } catch (error) {
    log.warn(`could not mark the agent's work in the page: ${error instanceof Error ? error.message : String(error)}`);
  }
}
