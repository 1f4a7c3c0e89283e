import { MarkdownCell } from '@jupyterlab/cells';
import type * as nbformat from '@jupyterlab/nbformat';
import { NotebookPanel } from '@jupyterlab/notebook';
import { addAiCommand, BACKGROUND, NOTEBOOK_PATH } from './command.js';
import { whenLoaded } from './documents.js';
import { findKernelByLanguage } from './kernelspecs.js';
import { findCell, notebookPanel, type NotebookServices, type Target } from './notebooks.js';

const CELL_TYPES = ['code', 'markdown', 'raw'];
const POSITIONS = ['above', 'below'];

function registerCreateNotebook(services: NotebookServices): void {
  addAiCommand<{ name: string; language?: string; background?: boolean }>(services, {
    name: 'create-notebook',
    label: 'Create Notebook',
    caption: 'Create a new Jupyter notebook with a kernel for the specified language',
    properties: {
      name: {
        type: 'string',
        description: 'Name for the notebook file (without the .ipynb extension)'
      },
      language: {
        type: 'string',
        description: 'Programming language for the notebook (for example python, r, julia). If omitted, the default kernel is used.'
      },
      background: BACKGROUND
    },
    required: ['name'],
    execute: async ({ name, language, background }) => {
      // Resolved first so an unknown language creates nothing.
      const kernel = await findKernelByLanguage(services.kernelspecs, language);
      if (!name) {
        throw new Error('A name must be provided to create a notebook');
      }
      const fileName = name.endsWith('.ipynb') ? name : `${name}.ipynb`;
      // Create-then-rename like the real package: an existing name makes the
      // server answer "File already exists" and leaves the Untitled notebook.
      const untitled = await services.docManager.newUntitled({ type: 'notebook' });
      await services.docManager.services.contents.rename(untitled.path, fileName);
      // Naming the kernel starts it without the kernel picker dialog.
      const panel = services.docManager.openOrReveal(fileName, 'default', { name: kernel }, { activate: !(background ?? true) });
      if (!(panel instanceof NotebookPanel)) {
        throw new Error('Failed to create notebook widget');
      }
      await whenLoaded(panel, fileName);
      await panel.context.save();
      return {
        success: true,
        message: `Successfully created notebook ${fileName} with ${kernel} kernel${language ? ` for ${language}` : ''}`,
        notebookPath: fileName,
        notebookName: fileName,
        kernel,
        language: language ?? null
      };
    }
  });
}

interface AddCellArgs extends Target {
  referenceCellId?: string;
  content?: string;
  cellType?: string;
  position?: string;
}

function registerAddCell(services: NotebookServices): void {
  addAiCommand<AddCellArgs>(services, {
    name: 'add-cell',
    label: 'Add Cell',
    caption: 'Add a cell to the notebook with optional content. If the notebook only has one empty cell, the new cell replaces it',
    properties: {
      notebookPath: NOTEBOOK_PATH,
      referenceCellId: {
        type: 'string',
        description: 'nbformat cell ID of the reference cell. If not provided, uses the currently active cell'
      },
      content: { type: 'string', description: 'Content to add to the cell' },
      cellType: { type: 'string', description: 'Type of cell to add (default: code)', enum: CELL_TYPES },
      position: {
        type: 'string',
        description:
          'Position relative to the reference or active cell (default: below). Ignored when the new cell replaces the only empty cell',
        enum: POSITIONS
      },
      background: BACKGROUND
    },
    execute: async (args) => {
      const { referenceCellId, content = '', cellType = 'code', position = 'below' } = args;
      const panel = await notebookPanel(services, args);
      if (!CELL_TYPES.includes(cellType)) {
        throw new Error(`Invalid cell type: '${cellType}'. Expected one of: code, markdown, raw`);
      }
      if (!POSITIONS.includes(position)) {
        throw new Error(`Invalid cell position: '${position}'. Expected one of: above, below`);
      }
      const model = panel.context.model;
      let index = model.cells.length;
      let replacedCellId: string | undefined;
      if (model.cells.length === 1 && model.cells.get(0).sharedModel.getSource().trim() === '') {
        // A new notebook's lone empty cell would otherwise stay above the agent's cells.
        replacedCellId = model.cells.get(0).id;
        model.sharedModel.deleteCell(0);
        index = 0;
      } else if (model.cells.length > 0 && (referenceCellId || panel.content.activeCellIndex >= 0)) {
        const reference = findCell(model, referenceCellId, panel).index;
        index = position === 'above' ? reference : reference + 1;
      }
      model.sharedModel.insertCell(index, {
        cell_type: cellType as nbformat.CellType,
        source: content,
        metadata: cellType === 'code' ? { trusted: true } : {}
      });
      panel.content.activeCellIndex = index;
      const cell = model.cells.get(index);
      const widget = panel.content.widgets[index];
      if (content && widget instanceof MarkdownCell) {
        await widget.ready;
        widget.rendered = true;
      }
      return {
        success: true,
        message: replacedCellId
          ? `${cellType} cell added successfully. It replaced the empty cell '${replacedCellId}', which no longer exists`
          : `${cellType} cell added successfully`,
        cellId: cell.id,
        content,
        cellType,
        position: replacedCellId ? 'replaced' : position,
        replacedCellId
      };
    }
  });
}

interface SetCellContentArgs extends Target {
  cellId?: string;
  content: string;
  showDiff?: boolean;
  diffMode?: string;
}

function registerSetCellContent(services: NotebookServices): void {
  addAiCommand<SetCellContentArgs>(services, {
    name: 'set-cell-content',
    label: 'Set Cell Content',
    caption: 'Set the content of a specific cell',
    properties: {
      notebookPath: NOTEBOOK_PATH,
      cellId: {
        type: 'string',
        description: 'nbformat cell ID of the cell to modify. If not provided, targets the currently active cell'
      },
      content: { type: 'string', description: 'New content for the cell' },
      showDiff: {
        type: 'boolean',
        description: 'Whether to show a diff view of the changes (default: true)'
      },
      diffMode: { type: 'string', description: 'Display mode for the diff view', enum: ['unified', 'split'] },
      background: BACKGROUND
    },
    required: ['content'],
    execute: async (args) => {
      const panel = await notebookPanel(services, args);
      const { cell } = findCell(panel.context.model, args.cellId, panel);
      const previousContent = cell.sharedModel.getSource();
      // Unchecked like the real package: a missing `content` empties the cell,
      // then throws. Callers must check it first.
      cell.sharedModel.setSource(args.content);
      const wasActiveCell = args.cellId === undefined || args.cellId === null;
      return {
        success: true,
        message: wasActiveCell
          ? 'Active cell content replaced successfully'
          : `Cell with ID '${args.cellId}' content replaced successfully`,
        notebookPath: panel.context.path,
        cellId: cell.id,
        previousContent,
        previousCellType: cell.type,
        newContent: args.content,
        wasActiveCell,
        // There is no jupyterlab-diff here to show one.
        diffShown: false
      };
    }
  });
}

function registerDeleteCell(services: NotebookServices): void {
  addAiCommand<Target & { cellId: string }>(services, {
    name: 'delete-cell',
    label: 'Delete Cell',
    caption: 'Delete a specific cell from the notebook by nbformat cell ID',
    properties: {
      notebookPath: NOTEBOOK_PATH,
      cellId: { type: 'string', description: 'nbformat cell ID of the cell to delete' },
      background: BACKGROUND
    },
    required: ['cellId'],
    execute: async (args) => {
      const panel = await notebookPanel(services, args);
      const model = panel.context.model;
      model.sharedModel.deleteCell(findCell(model, args.cellId, panel).index);
      return {
        success: true,
        message: `Cell with ID '${args.cellId}' deleted successfully`,
        cellId: args.cellId,
        remainingCells: model.cells.length
      };
    }
  });
}

function registerSaveNotebook(services: NotebookServices): void {
  addAiCommand<Target>(services, {
    name: 'save-notebook',
    label: 'Save Notebook',
    caption: 'Save a specific notebook to disk',
    properties: { notebookPath: NOTEBOOK_PATH, background: BACKGROUND },
    execute: async (args) => {
      const panel = await notebookPanel(services, args);
      await panel.context.save();
      return {
        success: true,
        message: 'Notebook saved successfully',
        notebookName: panel.title.label,
        notebookPath: panel.context.path
      };
    }
  });
}

export function registerNotebookEditCommands(services: NotebookServices): void {
  registerCreateNotebook(services);
  registerAddCell(services);
  registerSetCellContent(services);
  registerDeleteCell(services);
  registerSaveNotebook(services);
}
