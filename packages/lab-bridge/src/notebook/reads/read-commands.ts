/**
 * read_notebook and read_cell: a notebook as the page has it now. One the page
 * has open is read from its live model (unsaved edits included); any other is
 * read from the contents service alone, without building a notebook model —
 * unless its file names no cell ids (nbformat before 4.5): then the page opens
 * it, and the ids are its model's, valid while the page has it open.
 * By default the cells come in the agent's compact view (cell-views.ts) with
 * the notebook's stale state (stale-state.ts); format "nbformat" gives the
 * notebook's own JSON instead. Either way a range or a list of ids picks the
 * cells, and cellCount says how many the notebook has.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { ICellModel, ICodeCellModel } from '@jupyterlab/cells';
import type * as nbformat from '@jupyterlab/nbformat';
import type { Contents } from '@jupyterlab/services';
import { type NotebookToolInput, READ_CELL, READ_NOTEBOOK, shortCellIds, succeed, type ToolResult } from '@jupyter-live-mcp/protocol';
import { CommandFailure, isBadRequest, isNotFound, errorMessage, noNotebook } from '../commands/command-failure.js';
import { describeCellIds } from '../cells/cell-ids.js';
import { cellView, hasCellIds, type CellLike } from '../cells/cell-views.js';
import { selectCells } from '../cells/cell-selection.js';
import { cellsWithin } from '../cells/cells-within.js';
import { condensedCount, wholeOutput } from '../outputs/condensed-outputs.js';
import { joinMultiline } from '../outputs/nbformat-outputs.js';
import { notebookContentOf } from '../documents/new-notebook.js';
import { notebookTool, type CallContext } from '../commands/notebook-tool.js';
import type { NotebookParts } from '../documents/notebook-parts.js';
import { cellLike, cellsOf, findCell, indexOfCell } from '../cells/notebook-cells.js';
import type { HeldNotebook } from '../cells/held-notebook.js';
import { OPENED_IN } from '../documents/notebook-documents.js';
import type { RunTracker } from '../cells/run-tracker.js';
import { staleState, type RunRecord, type StaleCell } from '../cells/stale-state.js';

/** A notebook as a read finds it, in the page's model or in its file. */
interface ReadNotebook {
  /** What the result says of the notebook before its cells. */
  header: Record<string, unknown>;
  /** Every cell's id, type, source and execution count: enough to pick cells and mark stale state. */
  cells: StaleCell[];
  /** The cell at `index`, outputs included. */
  cellAt(index: number): CellLike;
  /** The notebook's nbformat JSON. */
  content(): nbformat.INotebookContent;
  recordOf(cellId: string): RunRecord | undefined;
}

/** Tells the page which cells the read gave the agent (changes/conflict-rule.ts's SeenRevisions). */
type Saw = (cells: readonly { id: string; source: string; revision?: string }[]) => void;

/** `resultChars`: the page's maxResultChars now, which a compact read fills with whole cells (cells-within.ts). */
export const readNotebookTool = notebookTool(READ_NOTEBOOK, async (args, { app, documents, resultChars }: NotebookParts, call) => {
  const { tool, caller } = call;
  const path = documents.normalize(args.notebookPath);
  const held = await documents.held(tool, path);
  const maxChars = resultChars();
  const saw: Saw = (cells) => documents.changes.saw(path, caller?.key, cells);
  if (held) {
    return notebookResult(tool, fromModel(held, held.heldIn, documents.runs), args, maxChars, saw);
  }
  const file = await readFile(app, tool, path);
  if (hasCellIds(file)) {
    return notebookResult(tool, fromFile(path, file, call), args, maxChars, saw);
  }
  const { notebook, opened } = await documents.hold(tool, path);
  const result = notebookResult(tool, fromModel(notebook, notebook.heldIn, documents.runs), args, maxChars, saw);
  return { ...result, note: noIdsNote(file, notebook, opened) };
});

export const readCellTool = notebookTool(
  READ_CELL,
  async ({ notebookPath, cellId, outputIndex }, { app, documents }: NotebookParts, call) => {
    const { tool, caller } = call;
    const path = documents.normalize(notebookPath);
    const held = await documents.held(tool, path);
    const saw: Saw = (cells) => documents.changes.saw(path, caller?.key, cells);
    if (held) {
      return cellResult(tool, fromModel(held, held.heldIn, documents.runs), findCell(tool, held, cellId).index, outputIndex, saw);
    }
    const file = await readFile(app, tool, path);
    const read = fromFile(path, file, call);
    if (cellId === undefined) {
      throw new CommandFailure(
        'bad_input',
        `${tool}: without cellId it reads the active cell, and the page does not have "${path}" open: pass cellId. ` +
          describeCellIds(read.cells)
      );
    }
    if (hasCellIds(file)) {
      return cellResult(tool, read, indexOfCell(tool, path, read.cells, cellId), outputIndex, saw);
    }
    const { notebook } = await documents.hold(tool, path);
    return cellResult(tool, fromModel(notebook, notebook.heldIn, documents.runs), findCell(tool, notebook, cellId).index, outputIndex, saw);
  }
);

async function readFile(app: JupyterFrontEnd, tool: string, path: string): Promise<nbformat.INotebookContent> {
  let model: Contents.IModel;
  try {
    model = await app.serviceManager.contents.get(path, { type: 'notebook', content: true });
  } catch (error) {
    if (isNotFound(error)) {
      throw noNotebook(tool, path);
    }
    if (isBadRequest(error)) {
      throw new CommandFailure(
        'bad_input',
        `${tool}: "${path}" cannot be read as a notebook (${errorMessage(error)}). read_file reads other files.`
      );
    }
    throw error;
  }
  const content = notebookContentOf(model.content);
  if (model.type === 'directory' || !content) {
    throw new CommandFailure('bad_input', `${tool}: "${path}" is a ${model.type === 'directory' ? 'folder' : 'file'}, not a notebook.`);
  }
  return content;
}

function fromModel(notebook: HeldNotebook, readFrom: 'tab' | 'memory', runs: RunTracker): ReadNotebook {
  const { model } = notebook;
  const models = cellsOf(model);
  const kernel = notebook.sessionContext.session?.kernel;
  return {
    header: {
      notebookPath: notebook.path,
      readFrom,
      ...versionAndKernelspec({ nbformat: model.nbformat, nbformat_minor: model.nbformatMinor, metadata: model.metadata }),
      ...(kernel ? { kernel: { id: kernel.id, name: kernel.name, status: kernel.status } } : {}),
      dirty: model.dirty
    },
    cells: models.map(staleCellOf),
    cellAt: (index) => cellLike(models[index]!),
    content: () => model.toJSON() as nbformat.INotebookContent,
    recordOf: (cellId) => runs.recordOf(model, cellId)
  };
}

/** A notebook read from its file: the page saw none of its runs. The call's answer shows its ids against the file's. */
function fromFile(path: string, content: nbformat.INotebookContent, call: CallContext): ReadNotebook {
  const cells = content.cells.map((cell) => new FileCell(cell));
  call.fileCellIds = cells.map((cell) => cell.id);
  return {
    header: { notebookPath: path, readFrom: 'disk', ...versionAndKernelspec(content) },
    cells,
    cellAt: (index) => content.cells[index] as CellLike,
    content: () => content,
    recordOf: () => undefined
  };
}

/**
 * A cell of a file, its source joined when read: a read of the first 300 of 2,000 cells needs few
 * (a cell's view joins its own). A getter on the prototype: one on each object makes every object slow.
 */
class FileCell implements StaleCell {
  readonly id: string;
  readonly type: string;
  readonly executionCount: number | null | undefined;

  constructor(private readonly cell: nbformat.ICell) {
    this.id = typeof cell.id === 'string' ? cell.id : '';
    this.type = cell.cell_type;
    this.executionCount = cell.cell_type === 'code' ? ((cell as nbformat.ICodeCell).execution_count ?? null) : undefined;
  }

  get source(): string {
    return joinMultiline(this.cell.source);
  }
}

function staleCellOf(cell: ICellModel): StaleCell {
  const executionCount = cell.type === 'code' ? (cell as ICodeCellModel).executionCount : undefined;
  return { id: cell.id, type: cell.type, source: cell.sharedModel.getSource(), executionCount };
}

function notebookResult(
  tool: string,
  read: ReadNotebook,
  args: NotebookToolInput<typeof READ_NOTEBOOK>,
  maxChars: number,
  saw: Saw
): ToolResult {
  const ids = read.cells.map((cell) => cell.id);
  const selected = selectCells(ids, args);
  if ('code' in selected) {
    const message = `${tool}: "${read.header.notebookPath}": ${selected.message}`;
    throw new CommandFailure(selected.code, selected.code === 'not_found' ? `${message} ${describeCellIds(read.cells)}` : message);
  }
  const { indexes } = selected;
  const cellCount = read.cells.length;
  if (args.format === 'nbformat') {
    const content = read.content();
    const cells = indexes.length === cellCount ? content.cells : indexes.map((index) => content.cells[index]!);
    saw(indexes.map((index) => read.cells[index]!));
    return succeed({ ...read.header, format: 'nbformat', cellCount, content: { ...content, cells } });
  }
  const { summary, marks } = staleState(read.cells, read.recordOf);
  const fields = { ...read.header, cellCount, ...(Object.keys(summary).length ? { stale: summary } : {}) };
  // A range's cells come in order from `from`: an index on each would repeat what their place says.
  const shownIndex = (index: number) => (args.cellIds ? index : undefined);
  // The views show their ids short, as the agent gets them (commands/shown-ids.ts), and are measured so.
  const shown = shortCellIds(ids);
  const shownId = (index: number) => shown.get(ids[index]!) ?? ids[index]!;
  // A read of listed cells names those left twice (readOn and its note): room for all of them, lest the cap cut that list.
  const leftListed = args.cellIds ? 2 * JSON.stringify(indexes.map(shownId)).length : 0;
  const cells = cellsWithin(
    indexes,
    (index) => cellView(read.cellAt(index), shownIndex(index), marks.get(ids[index]!), shownId(index)),
    maxChars,
    JSON.stringify(fields).length + leftListed
  );
  const left = indexes.slice(cells.length);
  saw(cells.map((view, at) => ({ id: ids[indexes[at]!]!, source: view.source, revision: view.revision })));
  return succeed({ ...fields, cells, ...(left.length ? readOn(args, left, read.cells, maxChars) : {}) });
}

/** Where a read that stopped at maxResultChars goes on: the arguments of the next read_notebook, said for the agent. */
function readOn(args: NotebookToolInput<typeof READ_NOTEBOOK>, left: readonly number[], cells: readonly StaleCell[], maxChars: number) {
  const next = args.cellIds
    ? { cellIds: left.map((index) => cells[index]!.id) }
    : { from: left[0]!, ...(args.to === undefined ? {} : { to: args.to }) };
  return {
    readOn: next,
    note:
      `${left.length} more cell${left.length === 1 ? '' : 's'} asked for did not fit in one result (maxResultChars ${maxChars}): ` +
      `read on with read_notebook ${JSON.stringify(next)}.`
  };
}

function cellResult(tool: string, read: ReadNotebook, index: number, outputIndex: number | undefined, saw: Saw): ToolResult {
  const notebookPath = read.header.notebookPath;
  const cell = read.cellAt(index);
  const cellId = read.cells[index]!.id;
  if (outputIndex === undefined) {
    const { id: _id, ...view } = cellView(cell, index, staleState(read.cells, read.recordOf).marks.get(cellId));
    saw([{ id: cellId, source: view.source, revision: view.revision }]);
    return succeed({ notebookPath, cellId, ...view });
  }
  const outputs = cell.outputs ?? [];
  const output = wholeOutput(outputs, outputIndex);
  if (!output) {
    const count = condensedCount(outputs);
    throw new CommandFailure(
      'bad_input',
      `${tool}: cell "${cellId}" has ${count === 0 ? 'no outputs' : `${count} output${count === 1 ? '' : 's'}: outputIndex is 0 to ${count - 1}`}.`
    );
  }
  return succeed({ notebookPath, cellId, index, outputIndex, output });
}

function versionAndKernelspec(content: Pick<nbformat.INotebookContent, 'nbformat' | 'nbformat_minor' | 'metadata'>) {
  const kernelspec = content.metadata?.kernelspec as { name?: unknown; language?: unknown } | undefined;
  return {
    nbformat: `${content.nbformat}.${content.nbformat_minor}`,
    ...(typeof kernelspec?.name === 'string' ? { kernelspec: kernelspec.name } : {})
  };
}

function noIdsNote(content: nbformat.INotebookContent, notebook: HeldNotebook, opened: boolean): string {
  return (
    `The file is nbformat ${content.nbformat}.${content.nbformat_minor}, whose cells have no ids, so ` +
    `${opened ? 'the page opened it: ' : ''}these ids are those the page gave its cells, valid while the page ` +
    `has it open; save_notebook writes them into the file.${opened ? ` ${OPENED_IN[notebook.heldIn]}` : ''}`
  );
}
