/**
 * Which cells a read asks for: a range of indexes (`from` included, `to` left
 * out, as a slice) or a list of ids (each whole, or a start one id alone has),
 * so an agent can page through a big notebook. Pure: a wrong selection is a
 * message the command sends back.
 */
import { findCellId, sharedStartMessage } from '@jupyter-live-mcp/protocol';

export interface CellSelection {
  from?: number;
  to?: number;
  cellIds?: string[];
}

export type Selected = { indexes: number[] } | { code: 'bad_input' | 'not_found'; message: string };

/** The indexes, in notebook order, of the cells `selection` asks for among cells with these ids. */
export function selectCells(ids: readonly string[], selection: CellSelection): Selected {
  const { from, to, cellIds } = selection;
  if (cellIds !== undefined) {
    if (from !== undefined || to !== undefined) {
      return { code: 'bad_input', message: 'pass either from/to (a range of indexes) or cellIds, not both.' };
    }
    const wanted = new Set<string>();
    const missing: string[] = [];
    for (const given of cellIds) {
      const match = findCellId(ids, given);
      if (!match) {
        missing.push(given);
      } else if ('among' in match) {
        return { code: 'bad_input', message: sharedStartMessage(given, match.among) };
      } else {
        wanted.add(match.id);
      }
    }
    if (missing.length > 0) {
      return { code: 'not_found', message: `it has no cell with id ${missing.map((id) => `"${id}"`).join(', ')}.` };
    }
    return { indexes: ids.flatMap((id, index) => (wanted.has(id) ? [index] : [])) };
  }
  const start = from ?? 0;
  const end = Math.min(to ?? ids.length, ids.length);
  if (start > 0 && start >= ids.length) {
    return {
      code: 'bad_input',
      message: `from ${start} is past its last cell: it has ${ids.length} cell${ids.length === 1 ? '' : 's'}${ids.length ? ` (indexes 0 to ${ids.length - 1})` : ''}.`
    };
  }
  if (to !== undefined && to < start) {
    return { code: 'bad_input', message: `to (${to}) is before from (${start}): to is the index after the last cell wanted.` };
  }
  // A loop: Array.from with a map function costs a call per index, and a read of a big notebook lists thousands.
  const indexes: number[] = [];
  for (let index = start; index < end; index++) {
    indexes.push(index);
  }
  return { indexes };
}
