/**
 * The rule that keeps an agent from overwriting what it has not seen (SPEC
 * §2.5): an edit of a cell is refused when the cell's source changed after this
 * agent last read or wrote it (someone else changed it: the person, or another
 * agent), when it is not the revision the call named (`ifRevision`, exact), or
 * when the person is typing in it now. `force` skips the rule. All or none: one
 * refused cell refuses the call. Pure.
 */
import { cellRevision } from './cell-revision.js';

/** How long after a keystroke in a cell's editor the person counts as typing in it. */
export const TYPING_WINDOW_MS = 3000;

/** A cell an edit targets, and the revision the call says it edits, if any. */
export interface EditTarget {
  cellId: string;
  ifRevision?: string;
}

/** A target cell as it is now. */
export interface CurrentCell {
  id: string;
  index: number;
  source: string;
  /** When the person last typed in its editor (ms), if ever. */
  lastKeystroke?: number;
}

export type ConflictReason = 'changed' | 'revision' | 'typing';

/** A refused cell, with what the agent needs to redo its edit: the source and revision it has now. */
export interface CellConflict {
  id: string;
  index: number;
  reason: ConflictReason;
  revision: string;
  source: string;
}

export interface ConflictCheck {
  targets: readonly EditTarget[];
  /** The cell now, or undefined for a cell the notebook does not have (the tool's own not_found answers it). */
  current: (cellId: string) => CurrentCell | undefined;
  /** The revision this agent last read or wrote of the cell, if it ever did. */
  seen: (cellId: string) => string | undefined;
  force: boolean;
  now: number;
}

export function findConflicts({ targets, current, seen, force, now }: ConflictCheck): CellConflict[] {
  if (force) {
    return [];
  }
  const conflicts = new Map<string, CellConflict>();
  for (const target of targets) {
    const cell = current(target.cellId);
    if (!cell || conflicts.has(cell.id)) {
      continue;
    }
    const revision = cellRevision(cell.source);
    const reason = reasonFor(target, cell, revision, seen(cell.id), now);
    if (reason) {
      conflicts.set(cell.id, { id: cell.id, index: cell.index, reason, revision, source: cell.source });
    }
  }
  return [...conflicts.values()];
}

function reasonFor(
  target: EditTarget,
  cell: CurrentCell,
  revision: string,
  seen: string | undefined,
  now: number
): ConflictReason | undefined {
  if (cell.lastKeystroke !== undefined && now - cell.lastKeystroke < TYPING_WINDOW_MS) {
    return 'typing';
  }
  if (target.ifRevision !== undefined) {
    return target.ifRevision === revision ? undefined : 'revision';
  }
  return seen !== undefined && seen !== revision ? 'changed' : undefined;
}

const WHY: Record<ConflictReason, string> = {
  changed: 'changed after you last read or wrote it',
  revision: 'is not at the revision you named',
  typing: 'is being typed in by the person right now'
};

/** The refusal's text: which cells, why, and what to do next. */
export function describeConflicts(tool: string, path: string, conflicts: readonly CellConflict[]): string {
  const cells = conflicts.map((cell) => `cell "${cell.id}" (index ${cell.index}) ${WHY[cell.reason]}`).join('; ');
  return (
    `${tool} changed nothing in "${path}": ${cells}. The current source and revision of each are in \`conflicts\`: ` +
    'redo your edit on that text in your next call (pass ifRevision to make sure it is still that text), ' +
    (conflicts.some((cell) => cell.reason === 'typing') ? 'wait a few seconds for the person to finish typing, ' : '') +
    'or pass force: true only if you mean to overwrite what is there.'
  );
}

/**
 * What each agent last read or wrote of each cell, per notebook: the `seen` of
 * the rule; and which agents saw a notebook that closed since, whose picture
 * of it may hold unsaved text that went with it.
 */
export class SeenRevisions {
  /** notebook path → agent → cell id → revision */
  private readonly byNotebook = new Map<string, Map<string, Map<string, string>>>();
  /** notebook path → the agents that saw it before it closed and have not read it since */
  private readonly closedOn = new Map<string, Set<string>>();

  /** A cell's `revision`, when the caller has it already, spares hashing its source again. */
  saw(path: string, agent: string, cells: readonly { id: string; source: string; revision?: string }[]): void {
    this.closedOn.get(path)?.delete(agent);
    let agents = this.byNotebook.get(path);
    if (!agents) {
      agents = new Map();
      this.byNotebook.set(path, agents);
    }
    let revisions = agents.get(agent);
    if (!revisions) {
      revisions = new Map();
      agents.set(agent, revisions);
    }
    for (const cell of cells) {
      revisions.set(cell.id, cell.revision ?? cellRevision(cell.source));
    }
  }

  seen(path: string, agent: string, cellId: string): string | undefined {
    return this.byNotebook.get(path)?.get(agent)?.get(cellId);
  }

  /** Whether the notebook closed after `agent` last read or wrote it. */
  closedSince(path: string, agent: string): boolean {
    return this.closedOn.get(path)?.has(agent) ?? false;
  }

  renamed(from: string, to: string): void {
    if (from === to) {
      return;
    }
    for (const byPath of [this.byNotebook, this.closedOn] as Map<string, unknown>[]) {
      const kept = byPath.get(from);
      if (kept) {
        byPath.delete(from);
        byPath.set(to, kept);
      }
    }
  }

  /** The notebook closed: what an agent saw of it is no guide to what it reads when it is open again. */
  closed(path: string): void {
    const agents = this.byNotebook.get(path);
    this.byNotebook.delete(path);
    if (agents?.size) {
      // Stryker disable next-line ArrayDeclaration: an agent key is "<server>#<id>" or "in-page", never the text a mutant would add.
      this.closedOn.set(path, new Set([...(this.closedOn.get(path) ?? []), ...agents.keys()]));
    }
  }

  forgetAgent(agent: string): void {
    for (const agents of this.byNotebook.values()) {
      agents.delete(agent);
    }
    for (const agents of this.closedOn.values()) {
      agents.delete(agent);
    }
  }
}
