/**
 * Setting up what the scenarios measure, through the same tools an agent uses.
 */
import type { Page } from 'playwright-core';
import type { BenchPage } from './lab.js';

/** Calls a tool and insists on success: set-up that fails makes every later figure meaningless. */
export async function ok(bench: BenchPage, tool: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const { result } = await bench.mcp.call(tool, args);
  if (result.success !== true) {
    throw new Error(`${tool} ${JSON.stringify(args).slice(0, 200)} failed: ${JSON.stringify(result).slice(0, 500)}`);
  }
  return result;
}

/** Creates and opens a notebook with a running python3 kernel; returns the kernel's id. */
export async function notebookWithKernel(bench: BenchPage, path: string): Promise<string> {
  await ok(bench, 'create_notebook', { name: path });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const context = await ok(bench, 'get_context');
    const widget = (context.widgets as { path?: string; kernel?: { id: string; status: string } }[]).find((w) => w.path === path);
    if (widget?.kernel && widget.kernel.status === 'idle') {
      return widget.kernel.id;
    }
    if (Date.now() > deadline) {
      throw new Error(`the kernel of ${path} was not idle within 60 s: ${JSON.stringify(widget)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function addCell(bench: BenchPage, notebookPath: string, content: string): Promise<string> {
  return (await ok(bench, 'add_cell', { notebookPath, content })).cellId as string;
}

/** Closes a document's tab in the page, its unsaved state dropped, so later scenarios do not carry it. */
export async function closeDocument(page: Page, path: string): Promise<void> {
  await page.evaluate((path) => {
    type Widget = { close(): void; context?: { path: string; model: { dirty: boolean } } };
    const app = (globalThis as unknown as { jupyterapp: { shell: { widgets(area: string): Iterable<Widget> } } }).jupyterapp;
    for (const widget of [...app.shell.widgets('main')]) {
      if (widget.context?.path === path) {
        // The bench keeps none of its runs' outputs: closed without JupyterLab's "Save your work" dialog, which would stay open.
        widget.context.model.dirty = false;
        widget.close();
      }
    }
  }, path);
}
