/**
 * What happened in each notebook since each agent's previous call on it (SPEC
 * §2.5), from the events the page sees: cells edited, added, deleted, moved,
 * cells run, the kernel restarted, interrupted or changed, the notebook saved,
 * reverted from disk, renamed or closed. Each event names its author (an
 * agent, or the person); an agent is never told of its own. The answer is
 * folded to what holds now — a cell added and deleted since is not there at
 * all, a cell edited forty times is edited once — with ids and indexes, never
 * sources. Events are kept only for notebooks an agent has looked at, and only
 * as far back as the agent that looked longest ago; past the bound the answer
 * says it is incomplete. Pure.
 */

/** The calling agent, as the server names it, or the person (undefined). */
export type Author = string | undefined;

export type KernelEvent = 'restarted' | 'interrupted' | 'changed';

export type NotebookEvent =
  | { kind: 'edited' | 'added' | 'deleted' | 'moved'; cellId: string }
  | { kind: 'ran'; cellId: string; executionCount: number | null; ok: boolean }
  | { kind: 'kernel'; what: KernelEvent }
  | { kind: 'saved' | 'reverted' | 'closed' }
  | { kind: 'renamed'; from: string; to: string };

/** A cell named in a change, where it is now. */
export interface CellAt {
  id: string;
  index: number;
}

/** What changed, only the fields that say something (an empty object: nothing). */
export interface NotebookChanges {
  edited?: CellAt[];
  added?: CellAt[];
  deleted?: string[];
  moved?: CellAt[];
  /** The last run of each cell since: its count and whether it raised. `index` only for a cell still there. */
  ran?: { id: string; index?: number; executionCount: number | null; ok: boolean }[];
  kernel?: KernelEvent[];
  saved?: true;
  reverted?: true;
  renamed?: { from: string; to: string };
  closed?: true;
  /** More happened than the page keeps: read the notebook again before relying on your picture of it. */
  incomplete?: true;
}

export interface ChangeLogLimits {
  /** Events kept per notebook; older ones go, and an agent that had not seen them is told its answer is incomplete. */
  eventsPerNotebook: number;
}

export const DEFAULT_CHANGE_LOG_LIMITS: ChangeLogLimits = { eventsPerNotebook: 5000 };

type Stored = NotebookEvent & { seq: number; by: Author };

interface NotebookLog {
  events: Stored[];
  /** The seq of the newest event dropped for the bound (0: none). */
  dropped: number;
  /** Per agent, the seq of the last event its previous call saw. */
  cursors: Map<string, number>;
}

export class ChangeLog {
  private readonly logs = new Map<string, NotebookLog>();
  private seq = 0;

  constructor(private readonly limits: ChangeLogLimits = DEFAULT_CHANGE_LOG_LIMITS) {}

  record(path: string, event: NotebookEvent, by: Author): void {
    const log = this.logs.get(path);
    // No agent has looked at this notebook: there is no one to tell, so nothing is kept (a person typing costs nothing).
    if (!log || log.cursors.size === 0) {
      return;
    }
    const last = log.events.at(-1);
    // A run of keystrokes in one cell is one edit to anyone who has not looked since the first.
    if (last && last.seq > Math.max(...log.cursors.values()) && sameEvent(last, event, by)) {
      return;
    }
    log.events.push({ ...event, seq: ++this.seq, by });
    if (log.events.length > this.limits.eventsPerNotebook) {
      log.dropped = log.events.shift()!.seq;
    }
  }

  /** The notebook's file moved: its log and every agent's place in it follow, and agents hear of the rename. */
  renamed(from: string, to: string, by: Author): void {
    const log = this.logs.get(from);
    if (!log || from === to) {
      return;
    }
    this.logs.delete(from);
    this.logs.set(to, log);
    this.record(to, { kind: 'renamed', from, to }, by);
  }

  /**
   * What others did in the notebook since `agent`'s previous call on it, which this call now is:
   * the next answer starts here. On an agent's first call on a notebook there is nothing to tell.
   */
  take(path: string, agent: string, indexOf: (cellId: string) => number): NotebookChanges {
    let log = this.logs.get(path);
    if (!log) {
      // Stryker disable next-line ArrayDeclaration: the trim below drops whatever a new log starts with.
      log = { events: [], dropped: 0, cursors: new Map() };
      this.logs.set(path, log);
    }
    const cursor = log.cursors.get(agent);
    const since = cursor === undefined ? [] : log.events.filter((event) => event.seq > cursor && event.by !== agent);
    log.cursors.set(agent, this.seq);
    this.trim(log);
    if (cursor === undefined) {
      return {};
    }
    const changes = fold(since, indexOf);
    return cursor < log.dropped ? { ...changes, incomplete: true } : changes;
  }

  /** The agent's session ended: nothing more is kept for it. */
  forgetAgent(agent: string): void {
    for (const [path, log] of this.logs) {
      log.cursors.delete(agent);
      if (log.cursors.size === 0) {
        this.logs.delete(path);
      } else {
        this.trim(log);
      }
    }
  }

  /** Events every agent has seen are of no more use. */
  private trim(log: NotebookLog): void {
    const oldest = Math.min(...log.cursors.values());
    const keep = log.events.findIndex((event) => event.seq > oldest);
    log.events.splice(0, keep < 0 ? log.events.length : keep);
  }
}

function sameEvent(stored: Stored, event: NotebookEvent, by: Author): boolean {
  return stored.by === by && stored.kind === 'edited' && event.kind === 'edited' && stored.cellId === event.cellId;
}

interface CellFate {
  existedBefore: boolean;
  exists: boolean;
  edited: boolean;
  moved: boolean;
}

/** The events, in order, folded into what holds now. */
export function fold(events: readonly NotebookEvent[], indexOf: (cellId: string) => number): NotebookChanges {
  const fates = new Map<string, CellFate>();
  const runs = new Map<string, { executionCount: number | null; ok: boolean }>();
  const kernel: KernelEvent[] = [];
  const changes: NotebookChanges = {};
  for (const event of events) {
    switch (event.kind) {
      case 'edited':
      case 'added':
      case 'deleted':
      case 'moved': {
        const fate = fates.get(event.cellId) ?? {
          existedBefore: event.kind !== 'added',
          exists: true,
          edited: false,
          moved: false
        };
        fates.set(event.cellId, fate);
        if (event.kind === 'added') {
          // A cell of before, taken out and put back (a drag, an undone delete), moved.
          fate.moved ||= fate.existedBefore && !fate.exists;
          fate.exists = true;
        } else if (event.kind === 'deleted') {
          fate.exists = false;
        } else {
          fate[event.kind] = true;
        }
        break;
      }
      case 'ran':
        runs.delete(event.cellId);
        runs.set(event.cellId, { executionCount: event.executionCount, ok: event.ok });
        break;
      case 'kernel':
        if (!kernel.includes(event.what)) {
          kernel.push(event.what);
        }
        break;
      case 'renamed':
        changes.renamed = { from: changes.renamed?.from ?? event.from, to: event.to };
        break;
      default:
        changes[event.kind] = true;
    }
  }
  const at = (id: string): CellAt => ({ id, index: indexOf(id) });
  const byIndex = (a: CellAt, b: CellAt) => a.index - b.index;
  const list = (keep: (fate: CellFate) => boolean) => [...fates].flatMap(([id, fate]) => (keep(fate) ? [at(id)] : [])).sort(byIndex);
  const added = list((fate) => !fate.existedBefore && fate.exists);
  const edited = list((fate) => fate.existedBefore && fate.exists && fate.edited);
  const moved = list((fate) => fate.existedBefore && fate.exists && fate.moved);
  const deleted = [...fates].flatMap(([id, fate]) => (fate.existedBefore && !fate.exists ? [id] : []));
  const ran = [...runs].map(([id, run]) => {
    const index = indexOf(id);
    return { id, ...(index >= 0 ? { index } : {}), ...run };
  });
  return {
    ...(edited.length ? { edited } : {}),
    ...(added.length ? { added } : {}),
    ...(deleted.length ? { deleted } : {}),
    ...(moved.length ? { moved } : {}),
    ...(ran.length ? { ran } : {}),
    ...(kernel.length ? { kernel } : {}),
    ...changes
  };
}
