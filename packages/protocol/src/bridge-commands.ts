/**
 * What the bridge's own commands (SPEC §2.2, declared in notebook-tools.ts)
 * share: their id prefix, the limits and the words their inputs name. The
 * JSON Schema each declares is command-schemas.ts's. Imports nothing: the
 * page's lazily loaded chunks read these constants too.
 */

export const BRIDGE_COMMANDS_PREFIX = 'jupyter-live-mcp:';

export const CELL_TYPES = ['code', 'markdown', 'raw'] as const;
export type CellType = (typeof CELL_TYPES)[number];
/** How many edits one edit_notebook call takes, and how many cells one run_cells call lists. */
export const MAX_EDITS = 200;
export const MAX_RUN_CELLS = 1000;

export const NOTEBOOK_EDIT_OPS = ['add', 'set_source', 'delete', 'move', 'set_type'] as const;

/** A cell's revision as reads give it (the bridge's changes/cell-revision.ts): up to 11 lowercase letters and digits. */
export const REVISION_PATTERN = /^[0-9a-z]{1,11}$/;

/**
 * The caps of the condensed outputs the notebook tools give by default (the
 * bridge's condensed-outputs.ts cuts to them; the tools' descriptions say them).
 */
export const CONDENSED_OUTPUTS = {
  /** A stream or text of at most this many lines is kept whole: a cut must save the agent a good part of it. */
  wholeLines: 20,
  /** Lines of a longer stream or text kept from its start… */
  headLines: 8,
  /** …and from its end; the text says how many lines between were left out. */
  tailLines: 8,
  /**
   * An HTML table's text/plain of at most this many lines is kept whole (a
   * DataFrame of up to ten rows, with its column names and a line to spare):
   * cutting a short table would save little and cost the agent a call for it.
   */
  tableWholeLines: 12,
  /**
   * Lines of a longer table's text/plain kept from its start (a DataFrame: its
   * column names and first three rows, enough to see the columns' values), and
   * none from its end: the table's summary says its shape, and read_cell's
   * outputIndex gives it whole.
   */
  tableLines: 4,
  /** A longer line keeps its start only. */
  lineChars: 500,
  /** Traceback frames an error keeps, the last ones (where it was raised). */
  tracebackFrames: 5,
  /** Column names a DataFrame's one-line summary lists. */
  listedColumns: 20
} as const;

/** How read_notebook gives the cells: the agent's compact view, or the notebook's own JSON. */
export const READ_FORMATS = ['compact', 'nbformat'] as const;
