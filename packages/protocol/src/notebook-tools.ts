/**
 * The bridge's own notebook, file and kernel tools (SPEC §2.2, §2.3b), one
 * declaration each: the command the page registers for it (its id, label and
 * input, in zod), and the listing of the default tool that runs it. The server
 * lists them before a page connects; the bridge binds each one's run to its
 * declaration (lab-bridge's notebook/notebook-tools.ts).
 */
import * as z from 'zod/mini';
import './zod-english.js';
import {
  BRIDGE_COMMANDS_PREFIX,
  CELL_TYPES,
  MAX_EDITS,
  MAX_RUN_CELLS,
  NOTEBOOK_EDIT_OPS,
  READ_FORMATS,
  REVISION_PATTERN
} from './bridge-commands.js';
import {
  ai,
  background,
  C,
  CU,
  noDiff,
  noWidget,
  OUTPUTS_ARE_DATA,
  R,
  RU,
  UNSAVED,
  W,
  type NotebookToolDeclaration
} from './tool-listing.js';

// The server's instructions say once what notebookPath and the ids are (TOOLS_IN_GENERAL).
const nonEmpty = z.string().check(z.minLength(1));
const notebookPath = nonEmpty;
const cellId = nonEmpty;

/** A cell an edit_notebook edit names: by id, or by the key an earlier add of the same call gave it (its description says so once). */
const editedCell = nonEmpty;
/** Where an added or moved cell goes; the bridge's edit-plan.ts checks that at most one (for a move: exactly one) is given. */
const placement = {
  before: z.optional(editedCell),
  after: z.optional(editedCell),
  at: z.optional(z.enum(['start', 'end']))
};

/** The guard of every edit of a cell that is there already (SPEC §2.5); the server's instructions say what it and force do, once. */
// A check, not a listed pattern: the agent only ever passes back what a read gave it.
const ifRevision = z.optional(
  z.string().check(
    z.refine((revision) => REVISION_PATTERN.test(revision), {
      error: 'a revision is what a read gave the cell as revision: 1 to 11 lowercase letters and digits, e.g. "k3x9q0a1z"'
    })
  )
);
const force = z.optional(z.boolean());
/** The calls that change or run cells can keep them on disk without a call of their own (the descriptions say so). */
const save = z.optional(z.boolean());

const opError = { error: () => `op must be one of ${NOTEBOOK_EDIT_OPS.map((op) => `"${op}"`).join(', ')}` };

/** One edit, checked per kind: each kind takes its own fields and no others. */
const notebookEdit = z.discriminatedUnion(
  'op',
  [
    z.strictObject({
      op: z.literal('add'),
      content: z.optional(z.string()),
      cellType: z.optional(z.enum(CELL_TYPES)),
      ...placement,
      key: z.optional(nonEmpty)
    }),
    z.strictObject({ op: z.literal('set_source'), cellId: editedCell, content: z.string(), ifRevision }),
    z.strictObject({ op: z.literal('delete'), cellId: editedCell, ifRevision }),
    z.strictObject({ op: z.literal('move'), cellId: editedCell, ...placement, ifRevision }),
    z.strictObject({ op: z.literal('set_type'), cellId: editedCell, cellType: z.enum(CELL_TYPES), ifRevision })
  ],
  opError
);

/**
 * One edit as its schema lists it: every kind's fields in one object, the
 * description saying which kind takes which, so the fields the kinds share are
 * listed once; then checked per kind.
 */
const listedEdit = z.pipe(
  z
    .strictObject({
      op: z.enum(NOTEBOOK_EDIT_OPS, opError),
      cellId: z.optional(editedCell),
      content: z.optional(z.string()),
      cellType: z.optional(z.enum(CELL_TYPES)),
      ...placement,
      key: z.optional(nonEmpty),
      ifRevision
    })
    .check(
      z.describe(
        'add: content, cellType, before|after|at (default: the end), key (a name later edits use); set_source: cellId, content; ' +
          'delete: cellId; move: cellId, before|after|at; set_type: cellId, cellType; ifRevision on all but add.'
      )
    ),
  notebookEdit
);

const filePath = nonEmpty;
const kernelName = nonEmpty.check(z.describe('E.g. "python3" (get_context kernelspecs).'));
/** The kernelId input of every command that takes one. */
const kernelId = nonEmpty;
const cellIndex = z.int().check(z.gte(0));

/** A declaration, its input type kept. */
const declare = <I extends z.ZodMiniObject>(declaration: NotebookToolDeclaration<I>): NotebookToolDeclaration<I> => declaration;

export const INTERRUPT_KERNEL = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}interrupt-kernel`,
  label: 'Interrupt Kernel by Id',
  input: z.strictObject({ kernelId }),
  tool: {
    name: 'interrupt_kernel',
    title: 'Interrupt a kernel',
    description: 'Interrupt a running kernel; still busy after 1 s, the result warns (use restart_kernel).',
    hints: C
  }
});

export const RESTART_KERNEL = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}restart-kernel`,
  label: 'Restart Kernel by Id without Asking',
  input: z.strictObject({ kernelId }),
  tool: {
    name: 'restart_kernel',
    title: 'Restart a kernel',
    description: 'Restart a running kernel without asking: all its variables are lost.',
    hints: C
  }
});

export const READ_NOTEBOOK = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}get-notebook-content`,
  label: 'Read Notebook',
  input: z.strictObject({
    notebookPath,
    format: z.optional(z.enum(READ_FORMATS)).check(z.describe('nbformat: the whole nbformat JSON under content.')),
    from: z.optional(cellIndex).check(z.describe('First cell index (0-based).')),
    to: z.optional(cellIndex).check(z.describe('Index after the last cell, as in a slice.')),
    cellIds: z.optional(z.array(nonEmpty).check(z.minLength(1))).check(z.describe('Instead of from/to.'))
  }),
  tool: {
    name: 'read_notebook',
    title: 'Read a notebook',
    description:
      'Read a notebook as the page has it, unsaved edits included: cellCount; per cell (index only with cellIds) id, type (code unless given), source, revision, execution count, condensed outputs. ' +
      'Over maxResultChars: the cells that fit, and readOn to go on. ' +
      'stale: editedSinceRun, outOfOrder; unknown: runs the page did not see.',
    hints: RU,
    aiCommands: ai(
      'get-notebook-content',
      'Read a notebook as nbformat JSON as the page has it now (unsaved edits included), with cell ids and outputs. ' +
        'A notebook older than nbformat 4.5 has no cell ids until it is saved as 4.5.',
      noWidget,
      { release: '0.4', inputs: ['createWidget'] }
    )
  }
});

export const READ_CELL = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}get-cell`,
  label: 'Read Cell',
  input: z.strictObject({
    notebookPath,
    cellId: z.optional(cellId),
    outputIndex: z.optional(cellIndex).check(z.describe("0-based, in the cell's outputs list."))
  }),
  tool: {
    name: 'read_cell',
    title: 'Read a cell',
    description: 'One cell as read_notebook gives it (no cellId: the active cell); with outputIndex, that output whole (every MIME type).',
    hints: RU,
    aiCommands: ai(
      'get-cell-info',
      "Read one cell: its type, source, outputs and execution count. Without cellId, the notebook's active cell.",
      noWidget,
      { release: '0.4', inputs: ['cellId', 'createWidget'] }
    )
  }
});

export const ADD_CELL = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}add-cell`,
  label: 'Add Cell',
  changesCells: true,
  input: z.strictObject({
    notebookPath,
    content: z.optional(z.string()),
    cellType: z.optional(z.enum(CELL_TYPES)),
    position: z.optional(z.enum(['above', 'below'])).check(z.describe('Default below; alone: the start or the end.')),
    referenceCellId: z.optional(cellId)
  }),
  tool: {
    name: 'add_cell',
    title: 'Add a cell',
    description:
      'Add a cell: at the end, or above/below referenceCellId; a lone empty cell is replaced (replacedCellId). Returns its id and index.',
    hints: W,
    worksOn: { action: 'editing', notebook: 'notebookPath', cells: ['referenceCellId'] },
    aiCommands: ai(
      'add-cell',
      "Add a cell to a notebook, above or below a reference cell (default: at the end). Returns the new cell's id. " +
        'The notebook is changed in the page, not saved: call save_notebook to save.',
      background,
      { release: '0.3', inputs: ['referenceCellId'] }
    )
  }
});

export const EDIT_CELL = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}set-cell-content`,
  label: 'Set Cell Content',
  changesCells: true,
  input: z.strictObject({
    notebookPath,
    cellId: z.optional(cellId),
    content: z.string(),
    ifRevision,
    force
  }),
  tool: {
    name: 'edit_cell',
    title: 'Edit a cell',
    description: "Replace a cell's source (outputs stay until it reruns). Without cellId: the active cell.",
    hints: W,
    worksOn: { action: 'editing', notebook: 'notebookPath', cells: ['cellId'] },
    aiCommands: ai('set-cell-content', `Replace a cell's source. Without cellId, the notebook's active cell. ${UNSAVED}`, noDiff, {
      release: '0.3',
      inputs: ['cellId']
    })
  }
});

export const DELETE_CELL = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}delete-cell`,
  label: 'Delete Cell',
  changesCells: true,
  input: z.strictObject({ notebookPath, cellId, ifRevision, force }),
  tool: {
    name: 'delete_cell',
    title: 'Delete a cell',
    description: 'Delete a cell.',
    hints: C,
    worksOn: { action: 'editing', notebook: 'notebookPath', cells: ['cellId'] },
    aiCommands: ai('delete-cell', `Delete a cell from a notebook. ${UNSAVED}`, background, { release: '0.3', inputs: ['cellId'] })
  }
});

export const RUN_CELL = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}run-cell`,
  label: 'Run Cell',
  input: z.strictObject({ notebookPath, cellId: cellId }),
  tool: {
    name: 'run_cell',
    title: 'Run a cell',
    description:
      'Run a cell as the person would: status "ok", execution count, condensed outputs; a markdown cell is rendered (status "no-op").',
    hints: CU,
    worksOn: { action: 'running', notebook: 'notebookPath', cells: ['cellId'] },
    aiCommands: ai(
      'run-cell',
      `Run a cell in the notebook's kernel and return its status, execution count and outputs. ${OUTPUTS_ARE_DATA}`,
      background,
      {
        release: '0.3',
        inputs: ['cellId']
      }
    )
  }
});

export const SAVE_NOTEBOOK = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}save-notebook`,
  label: 'Save Notebook',
  input: z.strictObject({ notebookPath }),
  tool: {
    name: 'save_notebook',
    title: 'Save a notebook',
    description: "Save a notebook as the page has it (the agent's and the person's unsaved edits); not open: saved false.",
    hints: W,
    aiCommands: ai('save-notebook', 'Save a notebook to disk as the page has it now.')
  }
});

export const CREATE_NOTEBOOK = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}create-notebook`,
  label: 'Create Notebook',
  input: z.strictObject({
    name: nonEmpty,
    kernel: z.optional(kernelName),
    language: z.optional(nonEmpty).check(z.describe('Instead of kernel, e.g. "python".'))
  }),
  tool: {
    name: 'create_notebook',
    title: 'Create a notebook',
    description: 'Create a notebook and start its kernel, opened without taking the focus (exists: already_exists). Returns notebookPath.',
    hints: W,
    aiCommands: ai('create-notebook', 'Create a new notebook with a running kernel and open it. Fails if the file exists.')
  }
});

export const LIST_DIRECTORY = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}list-directory`,
  label: 'List Directory',
  input: z.strictObject({
    path: z.optional(z.string()).check(z.describe('Default: the root.')),
    includeHidden: z.optional(z.boolean()).check(z.describe('Also names starting with ".".'))
  }),
  tool: {
    name: 'list_directory',
    title: 'List a directory',
    description: 'List a directory of the Jupyter root: name, path, type, size, last modified.',
    hints: R,
    aiCommands: ai('list-directory', 'List the files and folders of a directory of the Jupyter root.')
  }
});

export const READ_FILE = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}read-file`,
  label: 'Read File',
  input: z.strictObject({ filePath }),
  tool: {
    name: 'read_file',
    title: 'Read a file',
    description:
      "Read a text file as the page has it (an open editor's unsaved edits too); pictures as images, other binary files described.",
    hints: RU,
    aiCommands: ai('get-file-info', 'Read a file as the page has it (unsaved edits of an open editor included).', noWidget, {
      release: '0.4',
      inputs: ['createWidget']
    })
  }
});

export const WRITE_FILE = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}write-file`,
  label: 'Write File',
  input: z.strictObject({
    filePath,
    content: z.string(),
    save: z.optional(z.boolean()).check(z.describe('Default true; false leaves it unsaved in the open editor.'))
  }),
  tool: {
    name: 'write_file',
    title: 'Write a file',
    description: "Replace a text file's content, or create it; saved unless save is false.",
    hints: C,
    aiCommands: ai('set-file-content', "Replace a file's whole content (saved by default).", noDiff)
  }
});

export const CREATE_FILE = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}create-file`,
  label: 'Create File',
  input: z.strictObject({
    fileName: nonEmpty,
    fileType: z.optional(nonEmpty).check(z.describe('E.g. "markdown" (default: from the extension).')),
    content: z.optional(z.string()),
    cwd: z.optional(z.string()).check(z.describe('Its folder (default: the root).'))
  }),
  tool: {
    name: 'create_file',
    title: 'Create a file',
    description: 'Create a text file (exists: already_exists); JupyterLab opens it in a background tab.',
    hints: W,
    aiCommands: ai('create-file', 'Create a file and open it.')
  }
});

export const EXECUTE_CODE = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}execute-code`,
  label: 'Execute Code in Kernel',
  input: z.strictObject({
    kernelId,
    code: z.string()
  }),
  tool: {
    name: 'execute_code',
    title: 'Execute code in a kernel',
    description: 'Run code in a running kernel outside any notebook and its history; returns status, condensed outputs.',
    hints: CU,
    aiCommands: ai(
      'execute-in-kernel',
      `Run code in a running kernel (by id, from get_context) without adding it to a notebook, and return its status and outputs. ${OUTPUTS_ARE_DATA}`,
      background,
      { release: '0.3', inputs: [] }
    )
  }
});

export const EDIT_NOTEBOOK = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}edit-notebook`,
  label: 'Edit Notebook',
  changesCells: true,
  input: z.strictObject({
    notebookPath,
    edits: z.array(listedEdit).check(z.minLength(1), z.maxLength(MAX_EDITS)),
    force,
    run: z.optional(
      z.enum(['edited', 'fromFirstEdit'], {
        error: () => 'run must be "edited" (the cells added or changed) or "fromFirstEdit" (from the first of them down)'
      })
    ),
    save
  }),
  tool: {
    name: 'edit_notebook',
    title: 'Edit a notebook',
    description:
      'Edits in order, all or none: a wrong one (named edits[i]) changes nothing. ' +
      "cellId, before, after: a cell id or an earlier add's key. An add replaces a lone empty cell (replacedCellId). " +
      'Returns newCellIds (in the order of the adds). run: then run the cells added or changed (edited) or all from the first (fromFirstEdit), as run_cells (a failure keeps the edits). save: then save.',
    hints: C,
    modes: ['bridge'],
    worksOn: { action: 'editing', notebook: 'notebookPath' }
  }
});

export const RUN_CELLS = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}run-cells`,
  label: 'Run Cells',
  input: z
    .strictObject({
      notebookPath,
      cellIds: z.optional(z.array(nonEmpty).check(z.minLength(1), z.maxLength(MAX_RUN_CELLS))),
      fromCellId: z.optional(cellId),
      all: z.optional(z.boolean()),
      continueOnError: z.optional(z.boolean()).check(z.describe('Go on after a failing cell.')),
      save
    })
    .check(
      z.refine((args) => [args.cellIds !== undefined, args.fromCellId !== undefined, args.all === true].filter(Boolean).length === 1, {
        message: 'say which cells to run with exactly one of cellIds (a list of ids), fromCellId (a cell and all below it) or all: true'
      })
    ),
  tool: {
    name: 'run_cells',
    title: 'Run several cells',
    description:
      'Run cells in turn as run_cell: cellIds (that order), fromCellId and below, or all: true; outcomes in cells. ' +
      'Stops at the first failing (cell_error, kernel_input, execution_aborted) or deleted (not_found) cell; notRun: the rest. save: then save.',
    hints: CU,
    modes: ['bridge'],
    worksOn: { action: 'running', notebook: 'notebookPath', cells: 'by-command' }
  }
});

/** The command no_kernel errors point to: no tool lists it; execute_command runs it. */
export const START_KERNEL = declare({
  command: `${BRIDGE_COMMANDS_PREFIX}start-kernel`,
  label: 'Start Kernel for Notebook',
  input: z.strictObject({
    notebookPath,
    kernel: z.optional(kernelName).check(z.describe("The kernelspec to start (default: the notebook's own, else the page's default)."))
  })
});

/** Every declaration, in the order the default tools list them. */
export const NOTEBOOK_TOOLS: readonly NotebookToolDeclaration[] = [
  INTERRUPT_KERNEL,
  RESTART_KERNEL,
  READ_NOTEBOOK,
  READ_CELL,
  ADD_CELL,
  EDIT_CELL,
  DELETE_CELL,
  RUN_CELL,
  SAVE_NOTEBOOK,
  CREATE_NOTEBOOK,
  LIST_DIRECTORY,
  READ_FILE,
  WRITE_FILE,
  CREATE_FILE,
  EXECUTE_CODE,
  EDIT_NOTEBOOK,
  RUN_CELLS,
  START_KERNEL
];
