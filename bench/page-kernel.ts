/**
 * A direct kernel execute measured inside the page: a kernel connection the
 * page opens for the bench and keeps open, and `requestExecute` timed there
 * with performance.now() (the CDP hop to the bench is not in the figure).
 * A JupyterLite kernel lives in the page, so nothing outside it can reach the
 * kernel: this is its only direct execute. On JupyterLab it splits what the
 * page's own path to the kernel costs from what the bridge adds.
 */
import type { Page } from 'playwright-core';

export interface PageKernel {
  /** Runs `code` and resolves with the milliseconds the page measured, request to execute reply. */
  execute(code: string): Promise<number>;
  dispose(): Promise<void>;
}

interface Connection {
  requestExecute(content: { code: string; stop_on_error: boolean }): { done: Promise<{ content: { status: string } }> };
  dispose(): void;
}

type KernelGlobals = typeof globalThis & {
  __benchKernels?: Map<string, Connection>;
  jupyterapp: {
    serviceManager: {
      kernels: {
        running(): Iterable<{ id: string; name: string }>;
        connectTo(options: { model: { id: string; name: string }; handleComms: boolean }): Connection;
      };
    };
  };
};

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
  }, kernelId);
  return {
    execute: (code) =>
      page.evaluate(
        async ({ kernelId, code }) => {
          const connection = (globalThis as KernelGlobals).__benchKernels!.get(kernelId)!;
          const started = performance.now();
          const reply = await connection.requestExecute({ code, stop_on_error: false }).done;
          const elapsed = performance.now() - started;
          if (reply.content.status !== 'ok') {
            throw new Error(`execute of ${JSON.stringify(code.slice(0, 100))} in the page answered ${reply.content.status}`);
          }
          return elapsed;
        },
        { kernelId, code }
      ),
    dispose: () =>
      page.evaluate((kernelId) => {
        const kernels = (globalThis as KernelGlobals).__benchKernels;
        kernels?.get(kernelId)?.dispose();
        kernels?.delete(kernelId);
      }, kernelId)
  };
}
