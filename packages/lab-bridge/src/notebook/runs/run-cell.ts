/**
 * run_cell: runs a code cell in the notebook's kernel and answers with its
 * outcome (execution-outcome.ts). In a tab it runs as the person's own run
 * does (JupyterLab's CodeCell.execute: prompt, live outputs, timing), except
 * that a request for input is not shown in the page: nobody would type it, so
 * the kernel is interrupted instead and the call says why. A markdown cell is
 * rendered. A long run needs nothing special: the call pipeline answers
 * pending by itself and wait_for_result collects the end.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import { CodeCell, MarkdownCell, type ICellModel, type ICodeCellModel } from '@jupyterlab/cells';
import type { NotebookPanel } from '@jupyterlab/notebook';
import type { Kernel, KernelMessage } from '@jupyterlab/services';
import { RUN_CELL, START_KERNEL, succeed } from '@jupyter-live-mcp/protocol';
import { CommandFailure } from '../commands/command-failure.js';
import { executionResult, lostOutcome, outcomeOfReply, type ExecutionOutcome } from '../outputs/execution-outcome.js';
import { executeOnKernel } from '../kernels/kernel-execution.js';
import { kernelStarted } from '../kernels/kernel-started.js';
import { listKernelspecs, noKernelMessage } from '../kernels/kernelspecs.js';
import { notebookTool } from '../commands/notebook-tool.js';
import type { NotebookParts } from '../documents/notebook-parts.js';
import { cellsOf, findCell } from '../cells/notebook-cells.js';
import type { HeldNotebook } from '../cells/held-notebook.js';
import { openedNote, type NotebookDocuments } from '../documents/notebook-documents.js';

export const runCellTool = notebookTool(RUN_CELL, async ({ notebookPath, cellId }, { app, documents }: NotebookParts, { tool, caller }) => {
  const { notebook, opened } = await documents.hold(tool, documents.normalize(notebookPath));
  const { cell, index } = findCell(tool, notebook, cellId);
  const fields = { notebookPath: notebook.path, cellId: cell.id, ...openedNote(notebook, opened) };
  if (!runsCode(cell)) {
    const rendered = renderMarkdown(notebook, index, { evenEmpty: true });
    return succeed({
      status: 'no-op',
      ...fields,
      type: cell.type,
      message:
        cell.type === 'code' ? 'The cell is empty: nothing ran.' : `A ${cell.type} cell runs no code${rendered ? ': it was rendered' : ''}.`
    });
  }
  const kernel = await kernelToRun(app, documents, tool, notebook);
  const outcome = await runCode(notebook, index, kernel);
  documents.changes.ranByAgent(notebook, caller?.key, cell.id, outcome);
  return executionResult(
    { tool, what: 'the cell', onError: 'Fix it (edit_cell) and run it again.', fields: { ...fields, kernelId: kernel.id } },
    outcome
  );
});

/** Whether running the cell runs code: a code cell with some source. */
export function runsCode(cell: ICellModel): boolean {
  return cell.type === 'code' && cell.sharedModel.getSource().trim() !== '';
}

/**
 * Renders a markdown cell's view, as running it does in the page; whether it
 * did. A cell the agent wrote stays open for typing while empty, as a new cell
 * does; a run renders it even empty.
 */
export function renderMarkdown(notebook: HeldNotebook, index: number, { evenEmpty = false } = {}): boolean {
  const widget = notebook.panel?.content.widgets[index];
  if (widget instanceof MarkdownCell && (evenEmpty || widget.model.sharedModel.getSource())) {
    widget.rendered = true;
    return true;
  }
  return false;
}

/**
 * The kernel to run the notebook's code in, once it has started; refused when it has none, or when it waits
 * for input another cell asked for.
 */
export async function kernelToRun(
  app: JupyterFrontEnd,
  documents: NotebookDocuments,
  tool: string,
  notebook: HeldNotebook
): Promise<Kernel.IKernelConnection> {
  const live = (kernel: Kernel.IKernelConnection | null) => (kernel && kernel.status !== 'dead' ? kernel : null);
  const asked = live(await documents.kernelOf(notebook));
  if (asked) {
    await kernelStarted(asked);
  }
  // Asked again: the session holds another connection by now if the first went while the kernel started.
  const kernel = asked && live(await documents.kernelOf(notebook));
  if (!kernel) {
    await app.serviceManager.kernelspecs.ready;
    throw new CommandFailure(
      'no_kernel',
      noKernelMessage(tool, notebook.path, listKernelspecs(app.serviceManager.kernelspecs.specs), START_KERNEL.command),
      { notebookPath: notebook.path }
    );
  }
  if (notebook.sessionContext.pendingInput) {
    throw new CommandFailure(
      'kernel_input',
      `${tool}: the kernel of "${notebook.path}" is waiting for input that another cell asked for, so nothing else can run. ` +
        'The person can type it in the page, or interrupt_kernel stops that cell.'
    );
  }
  return kernel;
}

/**
 * Runs the code cell at `index`: in its tab as the person's own run does, else
 * in the model held in memory. The person (or another call) may delete the
 * cell meanwhile: then the outcome says so.
 */
export async function runCode(notebook: HeldNotebook, index: number, kernel: Kernel.IKernelConnection): Promise<ExecutionOutcome> {
  const cell = notebook.model.cells.get(index);
  const outcome = await (notebook.panel ? runInTab(notebook.panel, index, kernel) : runInMemory(notebook, cell as ICodeCellModel, kernel));
  const kept = notebook.model.isDisposed || cellsOf(notebook.model).some((other) => other.id === cell.id);
  return kept ? outcome : { status: 'deleted', outputs: outcome.outputs };
}

async function runInTab(panel: NotebookPanel, index: number, kernel: Kernel.IKernelConnection): Promise<ExecutionOutcome> {
  const widget = panel.content.widgets[index];
  if (!(widget instanceof CodeCell)) {
    throw new CommandFailure('internal_error', `the notebook tab shows no code cell at index ${index}.`);
  }
  const model = panel.context.model;
  let asked: { prompt: string } | undefined;
  const running = CodeCell.execute(widget, panel.sessionContext, {
    deletedCells: model.deletedCells,
    recordTiming: panel.content.notebookConfig.recordTiming
  });
  // The output area took this run's request just now, before any reply could arrive.
  const future = widget.outputArea.future;
  const showInput = future?.onStdin;
  if (future) {
    future.onStdin = (message: KernelMessage.IStdinMessage) => {
      if (message.header.msg_type !== 'input_request') {
        void showInput?.call(future, message);
        return;
      }
      asked = { prompt: String((message.content as { prompt?: unknown }).prompt ?? '') };
      void kernel.interrupt();
    };
  }
  // A cell deleted (or a tab closed) meanwhile has no model left to read.
  const outputsNow = () => (widget.isDisposed ? [] : widget.model.outputs.toJSON());
  try {
    const reply = await running;
    const outputs = outputsNow();
    if (asked) {
      return { status: 'input', outputs, ...(asked.prompt ? { prompt: asked.prompt } : {}) };
    }
    model.deletedCells.splice(0, model.deletedCells.length);
    return reply
      ? outcomeOfReply(reply.content, outputs)
      : { status: 'aborted', outputs, reason: 'the notebook had no kernel when it was to run' };
  } catch (error) {
    if (widget.isDisposed) {
      return { status: 'aborted', outputs: [], reason: 'the page stopped showing the cell while it ran (it was moved, or its tab closed)' };
    }
    return lostOutcome(error, outputsNow(), kernel);
  }
}

async function runInMemory(notebook: HeldNotebook, cell: ICodeCellModel, kernel: Kernel.IKernelConnection): Promise<ExecutionOutcome> {
  cell.sharedModel.transact(() => cell.clearExecution());
  const outcome = await executeOnKernel(kernel, cell.sharedModel.getSource(), cell.outputs, { storeHistory: true, stopOnError: true });
  if (outcome.status === 'ok' || outcome.status === 'error') {
    cell.executionCount = outcome.executionCount;
  }
  notebook.model.dirty = true;
  return outcome;
}
