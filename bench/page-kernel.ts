/**
 * Kernel work measured inside the page, timed there with performance.now()
 * (the CDP hop to the bench is not in the figures). A direct execute: a kernel
 * connection the page opens for the bench and keeps open, and requestExecute.
 * A JupyterLite kernel lives in the page, so nothing outside it can reach the
 * kernel: this is its only direct execute; on JupyterLab it splits the page's
 * own path to the kernel from what the bridge adds. And the page's own run of
 * a cell: JupyterLab's CodeCell.execute on the notebook tab, what the person's
 * Shift+Enter does, without any MCP or bridge in the way.
 */
import type { Page } from 'playwright-core';

export interface PageKernel {
  /** Runs `code` and resolves with the milliseconds the page measured, request to execute reply. */
  execute(code: string): Promise<number>;
  /** The page's own run of a code cell in the notebook's tab; resolves with the milliseconds the page measured. */
  runCell(notebookPath: string, cellId: string): Promise<number>;
  dispose(): Promise<void>;
}

/** The page's kernel work, by the name it has in the page: what the bench's probe can run in a call's place (page-probes.ts). */
export type KernelWork = 'execute' | 'runCell';

interface Connection {
  requestExecute(content: { code: string; stop_on_error: boolean }): { done: Promise<{ content: { status: string } }> };
  dispose(): void;
}

interface CellWidget {
  model: { id: string };
  /** The cell's class: CodeCell, whose static execute runs a cell as JupyterLab does. */
  constructor: {
    execute?(
      cell: CellWidget,
      sessionContext: unknown,
      metadata: { deletedCells: string[]; recordTiming: boolean }
    ): Promise<{ content: { status: string } } | undefined>;
  };
}

interface NotebookTab {
  context?: { path: string; model: { deletedCells: string[] } };
  sessionContext: unknown;
  content: { widgets: readonly CellWidget[]; notebookConfig: { recordTiming: boolean } };
}

type KernelGlobals = typeof globalThis & {
  __benchKernels?: Map<string, Connection>;
  /** Each resolves with the milliseconds it took, timed in the page. */
  __benchWork: Record<KernelWork, (args: Record<string, unknown>) => Promise<number>>;
  jupyterapp: {
    shell: { widgets(area: string): Iterable<NotebookTab> };
    serviceManager: {
      kernels: {
        running(): Iterable<{ id: string; name: string }>;
        connectTo(options: { model: { id: string; name: string }; handleComms: boolean }): Connection;
      };
    };
  };
};

/**
 * Opens the page's connection to the kernel and puts the page's kernel work in
 * the page, for the floors here and for the probe, which runs it in a call's
 * place, with the call's arguments.
 */
export async function connectPageKernel(page: Page, kernelId: string): Promise<PageKernel> {
  await page.evaluate((kernelId) => {
    const g = globalThis as KernelGlobals;
    const { kernels } = g.jupyterapp.serviceManager;
    const model = [...kernels.running()].find((candidate) => candidate.id === kernelId);
    if (!model) {
      throw new Error(`the page has no running kernel ${kernelId}`);
    }
    g.__benchKernels ??= new Map();
    // Like the Node floor's connection: no comms, nothing else listening on it.
    g.__benchKernels.set(kernelId, kernels.connectTo({ model, handleComms: false }));
    g.__benchWork = {
      execute: async (args) => {
        const { kernelId, code } = args as { kernelId: string; code: string };
        const connection = g.__benchKernels!.get(kernelId)!;
        const started = performance.now();
        const reply = await connection.requestExecute({ code, stop_on_error: false }).done;
        const elapsed = performance.now() - started;
        if (reply.content.status !== 'ok') {
          throw new Error(`execute of ${JSON.stringify(code.slice(0, 100))} in the page answered ${reply.content.status}`);
        }
        return elapsed;
      },
      runCell: async (args) => {
        const { notebookPath, cellId } = args as { notebookPath: string; cellId: string };
        const tab = [...g.jupyterapp.shell.widgets('main')].find((widget) => widget.context?.path === notebookPath);
        // The tools show a cell's id by its start (docs/tools.md).
        const cell = tab?.content.widgets.find((widget) => widget.model.id.startsWith(cellId));
        const execute = cell?.constructor.execute;
        if (!tab?.context || !cell || !execute) {
          throw new Error(`the page shows no code cell ${cellId} of ${notebookPath} in a tab`);
        }
        const started = performance.now();
        const reply = await execute(cell, tab.sessionContext, {
          deletedCells: tab.context.model.deletedCells,
          recordTiming: tab.content.notebookConfig.recordTiming
        });
        const elapsed = performance.now() - started;
        if (reply?.content.status !== 'ok') {
          throw new Error(`the page's run of cell ${cellId} answered ${reply?.content.status ?? 'nothing (no kernel)'}`);
        }
        return elapsed;
      }
    };
  }, kernelId);
  const work = (name: KernelWork, args: Record<string, unknown>) =>
    page.evaluate(({ name, args }) => (globalThis as KernelGlobals).__benchWork[name](args), { name, args });
  return {
    execute: (code) => work('execute', { kernelId, code }),
    runCell: (notebookPath, cellId) => work('runCell', { notebookPath, cellId }),
    dispose: () =>
      page.evaluate((kernelId) => {
        const kernels = (globalThis as KernelGlobals).__benchKernels;
        kernels?.get(kernelId)?.dispose();
        kernels?.delete(kernelId);
      }, kernelId)
  };
}
