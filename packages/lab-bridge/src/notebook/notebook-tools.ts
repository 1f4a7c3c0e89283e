/**
 * The bridge's own notebook, file and kernel tools (SPEC §2.2; the batch tools
 * edit_notebook and run_cells, §2.3b), written on JupyterLab's public APIs so
 * they work alike in JupyterLab, Notebook 7 and JupyterLite. Each is one
 * definition: a new tool is its file and one line in NOTEBOOK_TOOLS. Each is
 * registered as a JupyterLab command (execute_command and the command palette
 * run it), and the call pipeline runs it directly, with the call's context.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { IDocumentManager } from '@jupyterlab/docmanager';
import type { INotebookTracker } from '@jupyterlab/notebook';
import { commandArgsSchema, type NotebookToolDeclaration, type ToolResult } from '@jupyter-live-mcp/protocol';
import type { ToolRun } from '../calls/bridge-tool.js';
import type { CallContext } from '../calls/call-context.js';
import { documentKernels } from '../jupyterlab/main-area.js';
import { runNotebookTool, toolName, withoutEchoes, type NotebookTool } from './commands/notebook-tool.js';
import { idsShown, withIdsShown } from './commands/shown-ids.js';
import { createNotebookTool, startKernelTool } from './documents/kernel-start-commands.js';
import { NotebookDocuments } from './documents/notebook-documents.js';
import type { NotebookParts } from './documents/notebook-parts.js';
import { editNotebookTool } from './edits/edit-notebook.js';
import { addCellTool, deleteCellTool, editCellTool, saveNotebookTool } from './edits/edit-commands.js';
import { createFileTool, listDirectoryTool, readFileTool, writeFileTool } from './files/file-commands.js';
import { executeCodeTool } from './kernels/execute-code.js';
import { interruptKernelTool, restartKernelTool } from './kernels/kernel-commands.js';
import { KernelConnections } from './kernels/kernel-connections.js';
import { loadHtmlTables } from './outputs/condensed-outputs.js';
import { readCellTool, readNotebookTool } from './reads/read-commands.js';
import { runCellTool } from './runs/run-cell.js';
import { runCellsTool } from './runs/run-cells.js';

// biome-ignore lint/suspicious/noExplicitAny: each tool's input is its own; runNotebookTool checks it before the run sees it.
type AnyNotebookTool = NotebookTool<any, NotebookParts>;

export const NOTEBOOK_TOOLS: readonly AnyNotebookTool[] = [
  interruptKernelTool,
  restartKernelTool,
  readNotebookTool,
  readCellTool,
  addCellTool,
  editCellTool,
  deleteCellTool,
  runCellTool,
  saveNotebookTool,
  createNotebookTool,
  startKernelTool,
  listDirectoryTool,
  readFileTool,
  writeFileTool,
  createFileTool,
  executeCodeTool,
  editNotebookTool,
  runCellsTool
];

export interface NotebookToolsDeps {
  docManager: IDocumentManager;
  notebookTracker: INotebookTracker;
  /** Marks, for the person, the cell a call works on (ui/work-marks): a call through a command has no call pipeline to ask. */
  markCell: CallContext['markCell'];
  /** The page's maxResultChars now. */
  resultChars: () => number;
  /** Whether the page tracks what changed since each agent last looked (setting trackChanges). */
  trackChanges: () => boolean;
}

export class NotebookTools {
  /** The notebooks the tools act on. */
  readonly documents: NotebookDocuments;
  private readonly runs = new Map<NotebookToolDeclaration, ToolRun>();

  constructor(app: JupyterFrontEnd, { docManager, notebookTracker, markCell, resultChars, trackChanges }: NotebookToolsDeps) {
    const documents = new NotebookDocuments(app, docManager, notebookTracker, trackChanges);
    this.documents = documents;
    const kernels = new KernelConnections(app, () => [...documentKernels(app), ...documents.memoryKernels()]);
    const parts: NotebookParts = { app, documents, docManager, kernels, resultChars };
    for (const tool of NOTEBOOK_TOOLS) {
      const { declaration } = tool;
      const run: ToolRun = async (args, call) => {
        // The tools' results may condense outputs, whose HTML tables' summaries load on the first call.
        await loadHtmlTables();
        return asShown(
          documents,
          declaration,
          args,
          call,
          withChanges(documents, declaration, args, call, await runNotebookTool(tool, args, parts, call))
        );
      };
      this.runs.set(declaration, run);
      app.commands.addCommand(declaration.command, {
        label: `${declaration.label} (agent bridge)`,
        describedBy: { args: commandArgsSchema(declaration) },
        execute: (args) => run(args, { tool: toolName(declaration), markCell })
      });
    }
  }

  /** The run bound to this declaration, if it is one of these tools. */
  runOf(declaration: NotebookToolDeclaration): ToolRun | undefined {
    return this.runs.get(declaration);
  }
}

/** The notebook a call names, as the contents service names it, when its tool's input has notebookPath and the call gives one. */
function notebookOf(
  documents: NotebookDocuments,
  declaration: NotebookToolDeclaration,
  args: Readonly<Record<string, unknown>>
): string | undefined {
  const path = args.notebookPath;
  return 'notebookPath' in declaration.input.shape && typeof path === 'string' && path.trim() ? documents.normalize(path) : undefined;
}

/**
 * A result of a tool on a notebook (its input names one in notebookPath)
 * carries what others changed there since the calling agent's previous call
 * on it (SPEC §2.5), when anything did.
 */
function withChanges(
  documents: NotebookDocuments,
  declaration: NotebookToolDeclaration,
  args: Readonly<Record<string, unknown>>,
  call: CallContext,
  result: ToolResult
): ToolResult {
  const notebook = notebookOf(documents, declaration, args);
  if (!call.caller || notebook === undefined) {
    return result;
  }
  const changes = documents.changes.take(notebook, call.caller.key);
  return Object.keys(changes).length ? { ...result, changes } : result;
}

/**
 * The answer as the agent reads it: the cell ids of the notebook it names
 * short (commands/shown-ids.ts), and without a field the agent sent
 * (withoutEchoes), compared as shown: a cell named by its whole id or its
 * short one is not named back.
 */
function asShown(
  documents: NotebookDocuments,
  declaration: NotebookToolDeclaration,
  args: Readonly<Record<string, unknown>>,
  call: CallContext,
  result: ToolResult
): ToolResult {
  const notebook = notebookOf(documents, declaration, args);
  if (notebook === undefined) {
    return withoutEchoes(result, args);
  }
  const { answer, shown } = idsShown(result, documents.cellIds(notebook) ?? call.fileCellIds ?? []);
  return withoutEchoes(answer, withIdsShown(args, shown));
}
