/**
 * The commands the bridge registers itself (SPEC §2.2), under `jupyter-live-mcp:`:
 * their ids, and the inputs of the notebook, file and kernel commands defined
 * once, in zod. Each command declares the JSON Schema derived from its input
 * (`describedBy`), so the catalogue reads it as it reads any command's, and the
 * default tools list the same schema before a page has connected.
 */
import { z } from 'zod';
import { plainJsonSchema } from './plain-json-schema.js';

export const BRIDGE_COMMANDS_PREFIX = 'jupyter-live-mcp:';

export const BRIDGE_COMMANDS = {
  interruptKernel: `${BRIDGE_COMMANDS_PREFIX}interrupt-kernel`,
  restartKernel: `${BRIDGE_COMMANDS_PREFIX}restart-kernel`,
  readNotebook: `${BRIDGE_COMMANDS_PREFIX}get-notebook-content`,
  readCell: `${BRIDGE_COMMANDS_PREFIX}get-cell`,
  addCell: `${BRIDGE_COMMANDS_PREFIX}add-cell`,
  editCell: `${BRIDGE_COMMANDS_PREFIX}set-cell-content`,
  deleteCell: `${BRIDGE_COMMANDS_PREFIX}delete-cell`,
  runCell: `${BRIDGE_COMMANDS_PREFIX}run-cell`,
  saveNotebook: `${BRIDGE_COMMANDS_PREFIX}save-notebook`,
  createNotebook: `${BRIDGE_COMMANDS_PREFIX}create-notebook`,
  startKernel: `${BRIDGE_COMMANDS_PREFIX}start-kernel`,
  listDirectory: `${BRIDGE_COMMANDS_PREFIX}list-directory`,
  readFile: `${BRIDGE_COMMANDS_PREFIX}read-file`,
  writeFile: `${BRIDGE_COMMANDS_PREFIX}write-file`,
  createFile: `${BRIDGE_COMMANDS_PREFIX}create-file`,
  executeCode: `${BRIDGE_COMMANDS_PREFIX}execute-code`,
  editNotebook: `${BRIDGE_COMMANDS_PREFIX}edit-notebook`,
  runCells: `${BRIDGE_COMMANDS_PREFIX}run-cells`
} as const;

export const CELL_TYPES = ['code', 'markdown', 'raw'] as const;
export type CellType = (typeof CELL_TYPES)[number];

const notebookPath = z
  .string()
  .min(1)
  .describe(
    'Path of the notebook, relative to the Jupyter root (e.g. "analysis/data.ipynb"), as get_context widgets or list_directory show it.'
  );
const cellId = (what: string) => z.string().min(1).describe(`Id of the cell ${what} (from read_notebook or add_cell).`);
/** How many edits one edit_notebook call takes, and how many cells one run_cells call lists. */
export const MAX_EDITS = 200;
export const MAX_RUN_CELLS = 1000;

/** A cell an edit_notebook edit names: by id, or by the key an earlier add of the same call gave it. */
const cellRef = (what: string) =>
  z.string().min(1).describe(`${what}: a cell id (from read_notebook), or the key an earlier add of this call gave its new cell.`);
/** Where an added or moved cell goes; edit-plan.ts checks that at most one (for a move: exactly one) is given. */
const placement = {
  before: cellRef('Put it just before this cell').optional(),
  after: cellRef('Put it just after this cell').optional(),
  at: z.enum(['start', 'end']).optional().describe('Put it at the start or at the end of the notebook.')
};
const editedCell = (what: string) => cellRef(`The cell to ${what}`);

export const NOTEBOOK_EDIT_OPS = ['add', 'set_source', 'delete', 'move', 'set_type'] as const;

const notebookEdit = z.discriminatedUnion(
  'op',
  [
    z
      .strictObject({
        op: z.literal('add'),
        content: z.string().optional().describe('Source of the new cell (default empty).'),
        cellType: z.enum(CELL_TYPES).optional().describe('Cell type (default code).'),
        ...placement,
        key: z
          .string()
          .min(1)
          .optional()
          .describe('A name for the new cell (e.g. "load"), which later edits of this call can use in place of its id.')
      })
      .describe('Add a cell: at the end, unless before, after or at (one of them) says where.'),
    z
      .strictObject({
        op: z.literal('set_source'),
        cellId: editedCell('change'),
        content: z.string().describe('The new source of the cell.')
      })
      .describe("Replace a cell's source (its outputs stay until it runs again)."),
    z.strictObject({ op: z.literal('delete'), cellId: editedCell('delete') }).describe('Delete a cell.'),
    z
      .strictObject({ op: z.literal('move'), cellId: editedCell('move'), ...placement })
      .describe('Move a cell: exactly one of before, after or at says where.'),
    z
      .strictObject({ op: z.literal('set_type'), cellId: editedCell('change'), cellType: z.enum(CELL_TYPES).describe('The new type.') })
      .describe("Change a cell's type; it keeps its id and source (a code cell's outputs go).")
  ],
  { error: () => `op must be one of ${NOTEBOOK_EDIT_OPS.map((op) => `"${op}"`).join(', ')}` }
);

const filePath = z.string().min(1).describe('Path of the file, relative to the Jupyter root.');
const kernelName = z.string().min(1).describe('A kernelspec name, e.g. "python3" (get_context kernelspecs lists them).');
/** The kernelId input of every command that takes one. */
const kernelId = z.string().min(1).describe('Id of a running kernel, from get_context kernels.');

/**
 * The caps of the condensed outputs the notebook tools give by default (the
 * bridge's condensed-outputs.ts cuts to them; the tools' descriptions say them).
 */
export const CONDENSED_OUTPUTS = {
  /** Lines of a long stream or text kept from its start… */
  headLines: 10,
  /** …and from its end; the text says how many lines between were left out. */
  tailLines: 10,
  /**
   * Lines of an HTML table's text/plain kept from its start (a DataFrame: its
   * column names and first rows, as head() shows), and none from its end: the
   * table's summary says its shape, and read_cell's outputIndex gives it whole.
   */
  tableLines: 5,
  /** A longer line keeps its start only. */
  lineChars: 500,
  /** Traceback frames an error keeps, the last ones (where it was raised). */
  tracebackFrames: 5,
  /** Column names a DataFrame's one-line summary lists. */
  listedColumns: 20
} as const;

/** How read_notebook gives the cells: the agent's compact view, or the notebook's own JSON. */
export const READ_FORMATS = ['compact', 'nbformat'] as const;
const cellIndex = z.number().int().min(0);

/** The inputs of the notebook, file and kernel commands, by the key of their id in BRIDGE_COMMANDS. */
export const NOTEBOOK_COMMAND_INPUTS = {
  interruptKernel: z.strictObject({ kernelId }),
  restartKernel: z.strictObject({ kernelId }),
  readNotebook: z.strictObject({
    notebookPath,
    format: z
      .enum(READ_FORMATS)
      .optional()
      .describe(
        'compact (default): per cell id, index, type (code unless given), source, execution count, condensed outputs and stale marks. ' +
          "nbformat: the notebook's full nbformat JSON (metadata and whole outputs) under content."
      ),
    from: cellIndex.optional().describe('Index (0-based) of the first cell to give (default 0).'),
    to: cellIndex
      .optional()
      .describe('Index of the cell after the last one to give, as in a slice (default: to the end); from 0, to 20 gives cells 0 to 19.'),
    cellIds: z.array(z.string().min(1)).min(1).optional().describe('Instead of from/to: the ids of the cells to give.')
  }),
  readCell: z.strictObject({
    notebookPath,
    cellId: cellId('to read').optional(),
    outputIndex: cellIndex
      .optional()
      .describe(
        "Give only this output of the cell (0-based, in the order of the cell's outputs list), whole: nothing cut, every MIME type."
      )
  }),
  addCell: z.strictObject({
    notebookPath,
    content: z.string().optional().describe('Source of the new cell (default empty).'),
    cellType: z.enum(CELL_TYPES).optional().describe('Cell type (default code).'),
    position: z
      .enum(['above', 'below'])
      .optional()
      .describe(
        'Where, relative to referenceCellId (default below); without referenceCellId, above means at the start and below at the end.'
      ),
    referenceCellId: cellId('to add next to').optional()
  }),
  editCell: z.strictObject({
    notebookPath,
    cellId: cellId('to edit').optional(),
    content: z.string().describe('The new source of the cell.')
  }),
  deleteCell: z.strictObject({ notebookPath, cellId: cellId('to delete') }),
  runCell: z.strictObject({ notebookPath, cellId: cellId('to run') }),
  saveNotebook: z.strictObject({ notebookPath }),
  createNotebook: z.strictObject({
    name: z
      .string()
      .min(1)
      .describe(
        'File name of the notebook, e.g. "analysis.ipynb" (".ipynb" is added when missing); a path puts it in that folder of the Jupyter root.'
      ),
    kernel: kernelName
      .optional()
      .describe('The kernelspec to start, e.g. "python3" (get_context kernelspecs lists them); default: the page\'s default kernelspec.'),
    language: z
      .string()
      .min(1)
      .optional()
      .describe('Instead of kernel: a language, e.g. "python"; a kernelspec of that language is started.')
  }),
  startKernel: z.strictObject({
    notebookPath,
    kernel: kernelName.optional().describe("The kernelspec to start (default: the notebook's own, else the page's default).")
  }),
  listDirectory: z.strictObject({
    path: z.string().optional().describe('Directory, relative to the Jupyter root (default: the root).'),
    includeHidden: z.boolean().optional().describe('Also list names starting with "." that the server shows (default false).')
  }),
  readFile: z.strictObject({ filePath }),
  writeFile: z.strictObject({
    filePath,
    content: z.string().describe('The new content.'),
    save: z.boolean().optional().describe('Save to disk (default true); false leaves the change unsaved in the editor open in the page.')
  }),
  createFile: z.strictObject({
    fileName: z.string().min(1).describe('Name of the new file, e.g. "notes.md".'),
    fileType: z
      .string()
      .min(1)
      .optional()
      .describe('A file type the page knows, e.g. "text", "markdown", "python", "json" (default: from the extension, else text).'),
    content: z.string().optional().describe('Initial content (default empty).'),
    cwd: z.string().optional().describe('Directory to create it in, relative to the Jupyter root (default: the root).')
  }),
  executeCode: z.strictObject({
    kernelId,
    code: z.string().describe('The code to run.')
  }),
  editNotebook: z.strictObject({
    notebookPath,
    edits: z
      .array(notebookEdit)
      .min(1)
      .max(MAX_EDITS)
      .describe('The edits, applied in order, all or none: each one sees the notebook as the edits before it left it.')
  }),
  runCells: z
    .strictObject({
      notebookPath,
      cellIds: z.array(z.string().min(1)).min(1).max(MAX_RUN_CELLS).optional().describe('The cells to run, in this order.'),
      fromCellId: cellId('to start from: it and every cell below it run, top to bottom').optional(),
      all: z.boolean().optional().describe('true: run every cell of the notebook, top to bottom.'),
      continueOnError: z
        .boolean()
        .optional()
        .describe(
          'Go on with the next cells after a cell fails (default false: the run stops at the first error). An interrupt ' +
            '(interrupt_kernel) stops the run all the same.'
        )
    })
    .refine((args) => [args.cellIds !== undefined, args.fromCellId !== undefined, args.all === true].filter(Boolean).length === 1, {
      message: 'say which cells to run with exactly one of cellIds (a list of ids), fromCellId (a cell and all below it) or all: true'
    })
} as const;

export type NotebookCommand = keyof typeof NOTEBOOK_COMMAND_INPUTS;
export type NotebookCommandInput<K extends NotebookCommand> = z.infer<(typeof NOTEBOOK_COMMAND_INPUTS)[K]>;

/** A command's input as JSON Schema, as its `describedBy` declares it. */
export interface CommandArgsSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties: false;
}

const schemas = new Map<NotebookCommand, CommandArgsSchema>();

export function notebookCommandSchema(command: NotebookCommand): CommandArgsSchema {
  let schema = schemas.get(command);
  if (!schema) {
    // A strict object always lists its properties and allows no others.
    schema = plainJsonSchema(NOTEBOOK_COMMAND_INPUTS[command]) as unknown as CommandArgsSchema;
    schemas.set(command, schema);
  }
  return schema;
}
