import { CodeCell } from '@jupyterlab/cells';
import * as nbformat from '@jupyterlab/nbformat';
import { addAiCommand, BACKGROUND, errorMessage, NOTEBOOK_PATH } from './command.js';
import { findCell, notebookPanel, outputsOf, type NotebookServices, type Target } from './notebooks.js';

const RUN_MESSAGES: Record<string, string> = {
  ok: 'executed successfully',
  error: 'execution failed',
  abort: 'execution was aborted',
  'no-op': 'did not produce an execution request'
};

export function registerRunCellCommand(services: NotebookServices): void {
  addAiCommand<Target & { cellId: string; recordTiming?: boolean }>(services, {
    name: 'run-cell',
    label: 'Run Cell',
    caption: 'Run a specific cell in the notebook by nbformat cell ID',
    properties: {
      notebookPath: NOTEBOOK_PATH,
      cellId: { type: 'string', description: 'nbformat cell ID of the cell to run' },
      recordTiming: {
        type: 'boolean',
        description: 'Whether to record execution timing (default: true)'
      },
      background: BACKGROUND
    },
    required: ['cellId'],
    execute: async (args) => {
      const { cellId, recordTiming = true } = args;
      const panel = await notebookPanel(services, args);
      const model = panel.context.model;
      const { index } = findCell(model, cellId, panel);
      const widget = panel.content.widgets[index];
      if (!(widget instanceof CodeCell)) {
        return {
          success: true,
          status: 'no-op',
          message: `Cell with ID '${cellId}' is not a code cell, no execution needed`,
          cellId,
          cellType: widget?.model.type,
          executionCount: null,
          outputs: [],
          hasOutput: false
        };
      }
      const cell = widget.model;
      const base = { cellId, cellType: cell.type };
      if (!cell.sharedModel.getSource().trim()) {
        return {
          success: true,
          status: 'no-op',
          message: `Cell with ID '${cellId}' is empty, no execution needed`,
          ...base,
          executionCount: cell.executionCount,
          outputs: [],
          hasOutput: false
        };
      }
      const session = panel.sessionContext;
      await session.ready;
      if (!session.session?.kernel) {
        return {
          success: false,
          status: 'error',
          message: `Cell with ID '${cellId}' cannot be executed without an active kernel`,
          ...base,
          executionCount: cell.executionCount,
          outputs: [],
          hasOutput: false,
          errorName: 'MissingKernel',
          errorValue: 'No active kernel is attached to the notebook session'
        };
      }
      type ErrorDetail = { ename?: string; evalue?: string; traceback?: string[] };
      let status: string;
      let replyError: ErrorDetail | undefined;
      let thrown: ErrorDetail | undefined;
      try {
        // Resolves with the execute reply, i.e. once the kernel has finished the cell.
        const reply = await CodeCell.execute(widget, session, {
          recordTiming,
          deletedCells: model.deletedCells
        });
        status = reply?.content.status ?? 'no-op';
        if (reply?.content.status === 'error') {
          replyError = reply.content;
        }
      } catch (failure) {
        // E.g. the kernel restarted or died mid-run and the request was dropped.
        status = 'error';
        thrown = { ename: 'ExecutionError', evalue: errorMessage(failure) };
      }
      const outputs = outputsOf(cell);
      const errorOutput = outputs.find(nbformat.isError);
      if (errorOutput) {
        status = 'error';
      }
      const detail: ErrorDetail = replyError ?? errorOutput ?? thrown ?? {};
      return {
        success: status === 'ok' || status === 'no-op',
        status,
        message: `Cell with ID '${cellId}' ${RUN_MESSAGES[status] ?? status}`,
        ...base,
        executionCount: cell.executionCount,
        outputs,
        hasOutput: outputs.length > 0,
        errorName: detail.ename,
        errorValue: detail.evalue,
        traceback: detail.traceback
      };
    }
  });
}
