/**
 * Where the person is in their notebook (SPEC §2.5), as the page tells its
 * servers in page-state messages and get_context answers it: the notebook they
 * last worked in, its active cell, the selected cells (bounded) and the cursor
 * and selection in the active cell's editor (text bounded).
 */
import * as z from 'zod/mini';
import './zod-english.js';

/** The most selected cells named; past it `selectedCount` says how many there are. */
export const MAX_FOCUS_CELLS = 200;
/** The most characters of selected editor text kept. */
export const MAX_SELECTION_CHARS = 2000;

const cellAt = z.object({ id: z.string().check(z.maxLength(200)), index: z.int().check(z.gte(0)) });
const position = z.object({ line: z.int().check(z.gte(1)), column: z.int().check(z.gte(1)) });

export const editorStateSchema = z.object({
  cursor: position,
  selection: z.optional(
    z.object({
      start: position,
      end: position,
      text: z.string().check(z.maxLength(MAX_SELECTION_CHARS)),
      truncated: z.optional(z.literal(true))
    })
  )
});

export const personFocusSchema = z.object({
  notebookPath: z.string().check(z.maxLength(4096)),
  activeCell: z.optional(cellAt),
  /** Top to bottom, the active cell among them. */
  selectedCells: z.array(cellAt).check(z.maxLength(MAX_FOCUS_CELLS)),
  selectedCount: z.optional(z.int().check(z.gte(0))),
  editor: z.optional(editorStateSchema)
});

export type EditorState = z.infer<typeof editorStateSchema>;
export type PersonFocus = z.infer<typeof personFocusSchema>;
