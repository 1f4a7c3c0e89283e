/**
 * Where the person is in their notebook (SPEC §2.5), as the page tells its
 * servers in page-state messages and get_context answers it: the notebook they
 * last worked in, its active cell, the selected cells (bounded) and the cursor
 * and selection in the active cell's editor (text bounded).
 */
import * as z from 'zod';

/** The most selected cells named; past it `selectedCount` says how many there are. */
export const MAX_FOCUS_CELLS = 200;
/** The most characters of selected editor text kept. */
export const MAX_SELECTION_CHARS = 2000;

const cellAt = z.object({ id: z.string().max(200), index: z.number().int().min(0) });
const position = z.object({ line: z.number().int().min(1), column: z.number().int().min(1) });

export const editorStateSchema = z.object({
  cursor: position,
  selection: z
    .object({ start: position, end: position, text: z.string().max(MAX_SELECTION_CHARS), truncated: z.literal(true).optional() })
    .optional()
});

export const personFocusSchema = z.object({
  notebookPath: z.string().max(4096),
  activeCell: cellAt.optional(),
  /** Top to bottom, the active cell among them. */
  selectedCells: z.array(cellAt).max(MAX_FOCUS_CELLS),
  selectedCount: z.number().int().min(0).optional(),
  editor: editorStateSchema.optional()
});

export type EditorState = z.infer<typeof editorStateSchema>;
export type PersonFocus = z.infer<typeof personFocusSchema>;
