/**
 * The cells edit_notebook's edits name (cellId, before, after) made whole ids,
 * before the plan (edit-plan.ts) plays them: a name an add of the call gives
 * as its key stays a key, then a cell's whole id stays, then a start of an id
 * one cell alone has becomes that id (protocol's cell-ids.ts). A start several
 * cells share refuses its edit; a name nothing has stays, for the plan to
 * refuse as not found. Pure.
 */
import { findCellId, sharedStartMessage } from '@jupyter-live-mcp/protocol';
import type { EditRefusal, NotebookEdit } from './edit-plan.js';

const NAMING_FIELDS = ['cellId', 'before', 'after'] as const;

export function wholeCellIds(edits: readonly NotebookEdit[], ids: readonly string[]): { edits: NotebookEdit[] } | { refused: EditRefusal } {
  const keys = new Set(edits.flatMap((edit) => (edit.op === 'add' && edit.key !== undefined ? [edit.key] : [])));
  const whole: NotebookEdit[] = [];
  for (const [index, edit] of edits.entries()) {
    const named: Partial<Record<(typeof NAMING_FIELDS)[number], string>> = {};
    for (const field of NAMING_FIELDS) {
      const given = (edit as Partial<Record<typeof field, string>>)[field];
      const match = given === undefined || keys.has(given) ? undefined : findCellId(ids, given);
      if (match && 'among' in match) {
        return { refused: { code: 'bad_input', edit: index, op: edit.op, reason: sharedStartMessage(given!, match.among) } };
      }
      if (match) {
        named[field] = match.id;
      }
    }
    whole.push({ ...edit, ...named } as NotebookEdit);
  }
  return { edits: whole };
}
