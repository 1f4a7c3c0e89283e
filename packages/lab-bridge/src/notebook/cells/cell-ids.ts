/**
 * The first cell ids of a notebook, for an error about a cell id that is not
 * there; edit_notebook's plan (edits/edit-plan.ts, a chunk loaded at the
 * first call) is handed it, as a module a lazy chunk imports stays outside the
 * bundle's one concatenated module, with all it imports. Pure.
 */

/** How many cell ids an error lists before it says how many more there are. */
export const LISTED_CELL_IDS = 10;

/** The ids listed, with their types, and how many more there are. */
export function describeCellIds(cells: readonly { id: string; type: string }[]): string {
  if (cells.length === 0) {
    return 'It has no cells.';
  }
  const listed = cells.slice(0, LISTED_CELL_IDS).map((cell) => `"${cell.id}" (${cell.type})`);
  const more = cells.length - listed.length;
  return `Its cells: ${listed.join(', ')}${more > 0 ? `, and ${more} more (read_notebook lists them all)` : ''}.`;
}
