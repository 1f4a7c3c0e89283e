/**
 * edit_notebook's edits checked and planned before anything changes: each edit
 * is played on a list of the notebook's cells, in order, so a later edit sees
 * what the earlier ones did (a cell they added, by its key; a cell they
 * deleted, as gone). The first edit that cannot be done stops the plan, named
 * by its index. Otherwise the plan is the steps to apply to the notebook model,
 * by index, in one transaction. Pure.
 */
import type { CellType, EDIT_NOTEBOOK, NotebookToolInput, ResultCode } from '@jupyter-live-mcp/protocol';

export type NotebookEdit = NotebookToolInput<typeof EDIT_NOTEBOOK>['edits'][number];

/** A cell of the notebook before the edits. `blank`: empty source and no outputs. */
export interface PlannedCell {
  id: string;
  type: string;
  blank: boolean;
}

export type EditStep =
  | { kind: 'insert'; index: number; cellType: CellType; source: string }
  /** `cellId` for a cell the notebook had (JupyterLab tells the kernel of deleted cells), not one added by the plan. */
  | { kind: 'delete'; index: number; cellId?: string }
  /** `to` is the cell's index once moved. */
  | { kind: 'move'; from: number; to: number }
  | { kind: 'setSource'; index: number; source: string }
  | { kind: 'setType'; index: number; cellType: CellType };

export interface EditPlan {
  steps: EditStep[];
  /** The cells the adds made, in the order of the adds: where they end up, and the key each was given. */
  added: { index: number; key?: string }[];
  /** Where the cells end up that the plan makes anew: added, or made again with another type. */
  renewed: number[];
  /** Where the cells end up that an edit added or changed (source, type, place): the result shows these whole. */
  changed: number[];
  /** The notebook's lone empty cell, which the added cells replace. */
  replacedCellId?: string;
}

export interface EditRefusal {
  code: ResultCode;
  /** Which edit (its index in `edits`), and what it is. */
  edit: number;
  op: string;
  reason: string;
}

/** A cell of the list the edits are played on: one the notebook has (id), or one an add made (key, made). */
interface Slot {
  id?: string;
  key?: string;
  made?: number;
  type: string;
  retyped?: boolean;
  /** An edit gave it another source or place. */
  changed?: boolean;
}

/** Why an edit cannot be done: its result code, and the reason. */
type Refusal = { code: ResultCode; reason: string };

/**
 * The plan of `edits` on `cells`, or the first edit's refusal. `describeCells`
 * lists the notebook's cells for an id not found: the caller passes it, as this
 * chunk imports nothing of the bridge's own chunk.
 */
export function planEdits(
  path: string,
  cells: readonly PlannedCell[],
  edits: readonly NotebookEdit[],
  describeCells: (cells: readonly PlannedCell[]) => string
): { plan: EditPlan } | { refused: EditRefusal } {
  const slots: Slot[] = cells.map((cell) => ({ id: cell.id, type: cell.type }));
  const steps: EditStep[] = [];
  const keys = new Set<string>();
  /** Cells deleted so far, by the id or key they were named by, with the edit that deleted them. */
  const deleted = new Map<string, number>();
  /** Ids of the notebook's cells that an edit named. */
  const named = new Set<string>();

  /** The position in `slots` of the cell `ref` names now, or why there is none. */
  const find = (ref: string): number | Refusal => {
    const at = slots.findIndex((slot) => slot.id === ref || slot.key === ref);
    if (at >= 0) {
      named.add(slots[at]!.id ?? '');
      return at;
    }
    const by = deleted.get(ref);
    if (by !== undefined) {
      return { code: 'not_found', reason: `cell "${ref}" is gone: edits[${by}] deleted it.` };
    }
    const made = keys.size ? ` Keys given so far in this call: ${[...keys].map((key) => `"${key}"`).join(', ')}.` : '';
    return { code: 'not_found', reason: `"${path}" has no cell with id "${ref}". ${describeCells(cells)}${made}` };
  };

  for (const [index, edit] of edits.entries()) {
    const refused = (why: Refusal | string) => {
      const { code, reason } = typeof why === 'string' ? { code: 'bad_input' as const, reason: why } : why;
      return { refused: { code, edit: index, op: edit.op, reason } };
    };

    if (edit.op === 'add') {
      if (edit.key !== undefined && keys.has(edit.key)) {
        return refused(`key "${edit.key}" is given to an earlier add of this call: each new cell needs a key of its own.`);
      }
      if (edit.key !== undefined && cells.some((cell) => cell.id === edit.key)) {
        return refused(`key "${edit.key}" is the id of a cell of the notebook: choose another key.`);
      }
      const where = placeIn(slots, edit, find, false);
      if (typeof where !== 'number') {
        return refused(where);
      }
      const cellType = edit.cellType ?? 'code';
      slots.splice(where, 0, { ...(edit.key !== undefined ? { key: edit.key } : {}), made: index, type: cellType });
      if (edit.key !== undefined) {
        keys.add(edit.key);
      }
      steps.push({ kind: 'insert', index: where, cellType, source: edit.content ?? '' });
      continue;
    }

    const at = find(edit.cellId);
    if (typeof at !== 'number') {
      return refused(at);
    }
    const slot = slots[at]!;
    switch (edit.op) {
      case 'set_source':
        slot.changed = true;
        steps.push({ kind: 'setSource', index: at, source: edit.content });
        break;
      case 'delete':
        slots.splice(at, 1);
        deleted.set(edit.cellId, index);
        steps.push({ kind: 'delete', index: at, ...(slot.id !== undefined ? { cellId: slot.id } : {}) });
        break;
      case 'move': {
        const reference = edit.before ?? edit.after;
        if (reference !== undefined && (slot.id === reference || slot.key === reference)) {
          return refused(`a cell cannot move before or after itself ("${reference}").`);
        }
        slots.splice(at, 1);
        const to = placeIn(slots, edit, find, true);
        if (typeof to !== 'number') {
          return refused(to);
        }
        slots.splice(to, 0, slot);
        if (to !== at) {
          slot.changed = true;
          steps.push({ kind: 'move', from: at, to });
        }
        break;
      }
      case 'set_type':
        if (slot.type !== edit.cellType) {
          slot.type = edit.cellType;
          slot.retyped = true;
          steps.push({ kind: 'setType', index: at, cellType: edit.cellType });
        }
        break;
    }
  }

  // As add_cell does: a new notebook's lone empty cell would otherwise stay above the agent's cells.
  const lone = cells.length === 1 && cells[0]!.blank ? cells[0]!.id : undefined;
  const replaced =
    lone !== undefined && edits.some((edit) => edit.op === 'add') && !named.has(lone) ? slots.findIndex((s) => s.id === lone) : -1;
  if (replaced >= 0) {
    slots.splice(replaced, 1);
    steps.push({ kind: 'delete', index: replaced, cellId: lone! });
  }
  const added = slots
    .flatMap((slot, at) => (slot.made === undefined ? [] : [{ made: slot.made, index: at, key: slot.key }]))
    .sort((a, b) => a.made - b.made)
    .map(({ index, key }) => ({ index, ...(key !== undefined ? { key } : {}) }));
  const renewed = slots.flatMap((slot, at) => (slot.made !== undefined || slot.retyped ? [at] : []));
  const changed = slots.flatMap((slot, at) => (slot.made !== undefined || slot.retyped || slot.changed ? [at] : []));
  return { plan: { steps, added, renewed, changed, ...(replaced >= 0 ? { replacedCellId: lone! } : {}) } };
}

/** Where an add or a move puts its cell in `slots` (the list without the moved cell), or why it cannot say. */
function placeIn(
  slots: readonly Slot[],
  edit: { before?: string; after?: string; at?: 'start' | 'end' },
  find: (ref: string) => number | Refusal,
  required: boolean
): number | string | Refusal {
  const given = (['before', 'after', 'at'] as const).filter((name) => edit[name] !== undefined);
  if (given.length > 1) {
    return `give only one of before, after or at, not ${given.join(' and ')}.`;
  }
  const reference = edit.before ?? edit.after;
  if (reference !== undefined) {
    const at = find(reference);
    return typeof at === 'number' ? at + (edit.after !== undefined ? 1 : 0) : at;
  }
  if (edit.at === undefined && required) {
    return 'say where the cell goes: before or after a cell (its id or key), or at "start" or "end".';
  }
  return edit.at === 'start' ? 0 : slots.length;
}
