/**
 * run_cell with big outputs: 1 MB and 10 MB of text, a 4000×3000 PNG, and that
 * PNG twelve times in one result.
 * For each: latency against the same code run straight on a kernel of its own
 * from Node (the floor: the kernel's and the Jupyter server's share), what
 * crosses the wire, and what the cap leaves. While the biggest text call is in
 * flight, get_context runs again and again on the same page: how long is it
 * held back, against the page's own serialisation of the big result? That run
 * is profiled, to say who holds the page's main thread.
 */
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Page } from 'playwright-core';
import type { BenchConfig } from '../config.js';
import { connectDirectKernel } from '../direct-kernel.js';
import type { BenchLab } from '../lab.js';
import type { CallOutcome } from '../mcp-client.js';
import { addCell, closeDocument, notebookWithKernel, ok } from '../notebook-helpers.js';
import { longTasks, pageCallTimes, resetProbes, waitForQuietPage } from '../page-probes.js';
import { describeCpu, profilePage } from '../page-profile.js';
import { ms, p50p95, size, type Report } from '../report.js';
import { sampleSequential, summarise, timed } from '../stats.js';

const NOTEBOOK = 'bench-outputs.ipynb';
/** A page showing 10 MB of output may not go quiet at all: wait this long at most. */
const QUIET_TIMEOUT_MS = 10_000;

/** Exactly `megabytes` million characters of stdout, in 100-character lines. */
const textCode = (megabytes: number) => `print(('x' * 99 + '\\n') * ${megabytes * 10_000}, end='')`;

/** A matplotlib figure of exactly width×height pixels, blocks of colour as an image plot makes, shown `count` times. */
const pngCode = ({ width, height }: { width: number; height: number }, count = 1) =>
  [
    'import io',
    'import matplotlib',
    "matplotlib.use('agg')",
    'import matplotlib.pyplot as plt',
    'import numpy as np',
    'from IPython.display import Image, display',
    `fig = plt.figure(figsize=(${width / 100}, ${height / 100}), dpi=100)`,
    'ax = fig.add_axes([0, 0, 1, 1])',
    `ax.imshow(np.random.default_rng(0).random((${height / 10}, ${width / 10})), interpolation='nearest')`,
    "ax.axis('off')",
    'buffer = io.BytesIO()',
    "fig.savefig(buffer, format='png', dpi=100)",
    'plt.close(fig)',
    `for _ in range(${count}): display(Image(buffer.getvalue()))`
  ].join('\n');

/** Enough copies of the figure in one result to have gone over the client's limit before the message budget. */
const MANY_PICTURES = 12;

/**
 * What the page spends turning the cell's outputs into result JSON: the model's
 * toJSON and one JSON.stringify (the cap stringifies the whole result once more
 * before it cuts).
 */
// cellId as the tools show it: the start of the cell's id (docs/tools.md).
async function serialisationMs(page: Page, notebookPath: string, cellId: string): Promise<number> {
  return page.evaluate(
    ({ notebookPath, cellId }) => {
      type Cell = { id: string; toJSON(): unknown };
      type Panel = { context?: { path: string; model: { cells: { length: number; get(i: number): Cell } } } };
      const app = (globalThis as unknown as { jupyterapp: { shell: { widgets(area: string): Iterable<Panel> } } }).jupyterapp;
      const panel = [...app.shell.widgets('main')].find((widget) => widget.context?.path === notebookPath)!;
      const cells = panel.context!.model.cells;
      let cell: Cell | undefined;
      for (let i = 0; i < cells.length; i++) {
        if (cells.get(i).id.startsWith(cellId)) {
          cell = cells.get(i);
        }
      }
      const started = performance.now();
      JSON.stringify({ success: true, outputs: (cell!.toJSON() as { outputs: unknown }).outputs });
      return performance.now() - started;
    },
    { notebookPath, cellId }
  );
}

function whatWasCut(result: Record<string, unknown>, images: number): string {
  const parts = [];
  if (result.truncated === true) {
    const cut = /…\[(\d+) more characters cut\]/.exec(JSON.stringify(result));
    parts.push(cut ? `cut: ${cut[1]} characters of output dropped` : 'cut');
  } else {
    parts.push('whole');
  }
  if (images) {
    parts.push(`${images} image${images === 1 ? '' : 's'} attached`);
  }
  return parts.join(', ');
}

export async function bigOutputsScenario(bench: BenchLab, config: BenchConfig, report: Report): Promise<void> {
  await notebookWithKernel(bench, NOTEBOOK);
  await ok(bench, 'open_document', { path: NOTEBOOK });
  const direct = await connectDirectKernel(bench.lab.url);
  const cases = [
    ...config.outputMegabytes.map((megabytes) => ({
      label: `${megabytes} MB text`,
      code: textCode(megabytes),
      megabytes,
      runs: config.outputRuns
    })),
    { label: `${config.pngSize.width}×${config.pngSize.height} PNG`, code: pngCode(config.pngSize), megabytes: 0, runs: config.pngRuns },
    {
      label: `${MANY_PICTURES} × ${config.pngSize.width}×${config.pngSize.height} PNG`,
      code: pngCode(config.pngSize, MANY_PICTURES),
      megabytes: 0,
      runs: 1
    }
  ];
  const biggest = Math.max(...config.outputMegabytes);
  try {
    for (const { label, code, megabytes, runs } of cases) {
      const cellId = await addCell(bench, NOTEBOOK, code);
      await resetProbes(bench.page);
      const durations: number[] = [];
      const floor: number[] = [];
      let last: CallOutcome | undefined;
      for (let i = 0; i < runs; i++) {
        // Each run starts on a page that has finished showing the last one.
        await waitForQuietPage(bench.page, QUIET_TIMEOUT_MS);
        last = await bench.mcp.call('run_cell', { notebookPath: NOTEBOOK, cellId });
        if (last.result.success !== true) {
          throw new Error(`run_cell ${label} failed: ${JSON.stringify(last.result).slice(0, 500)}`);
        }
        durations.push(last.ms);
        floor.push((await timed(() => direct.execute(code))).ms);
      }
      const call = summarise(durations);
      const straight = summarise(floor);
      const inPage = summarise(await pageCallTimes(bench.page, 'run_cell'));
      const images = last!.raw.content.filter((block) => block.type === 'image');
      const imageChars = images.reduce((sum, block) => sum + (block.type === 'image' ? block.data.length : 0), 0);
      report.add({
        section: 'outputs',
        name: `run_cell, ${label}`,
        value:
          `${p50p95(call)} vs direct execute p50 ${ms(straight.p50)}; in page p50 ${ms(inPage.p50)}; ` +
          `result ${size(last!.textChars)}${imageChars ? ` + image ${size(imageChars)} base64` : ''} (${whatWasCut(last!.result, images.length)}), ` +
          `MCP message ${size(last!.mcpChars)}`,
        data: { call, direct: straight, inPage, textChars: last!.textChars, imageChars, mcpChars: last!.mcpChars }
      });
      if (megabytes === biggest) {
        await blockingProbe(bench, report, label, cellId);
      }
      if (images.length > 1) {
        await messageLimitCheck(bench, report, label, last!);
      }
    }
  } finally {
    await direct.dispose();
    await closeDocument(bench.page, NOTEBOOK);
  }
}

/**
 * The MCP SDK's stdio client closes the connection (and so ends the server)
 * when one message is over its buffer limit: did the answer with many pictures
 * stay under it, and does the session still answer?
 */
async function messageLimitCheck(bench: BenchLab, report: Report, label: string, outcome: CallOutcome): Promise<void> {
  const limit = STDIO_DEFAULT_MAX_BUFFER_SIZE;
  const attached = outcome.raw.content.filter((block) => block.type === 'image').length;
  const alive = (await bench.mcp.call('get_context')).result.success === true;
  report.add({
    section: 'outputs',
    name: `largest MCP message (${label}) vs the SDK stdio client's ${size(limit)} limit`,
    value: `MCP message ${size(outcome.mcpChars)}, ${attached} of ${MANY_PICTURES} pictures attached (the others named, with why); session ${alive ? 'answers after it' : 'LOST'}`,
    target: `every result ≤ ${size(limit)}`,
    met: outcome.mcpChars <= limit && alive,
    data: { limit, mcpChars: outcome.mcpChars, attached, alive }
  });
}

/**
 * get_context, again and again, while one more run of the biggest output is in
 * flight, against get_context on the idle page and the page's serialisation of
 * that result.
 */
async function blockingProbe(bench: BenchLab, report: Report, label: string, cellId: string): Promise<void> {
  await waitForQuietPage(bench.page, QUIET_TIMEOUT_MS);
  const idle = summarise(await sampleSequential(10, () => bench.mcp.call('get_context')));
  const serialise = await serialisationMs(bench.page, NOTEBOOK, cellId);
  await resetProbes(bench.page);
  const during: number[] = [];
  const cpu = await profilePage(bench.page, 1, async () => {
    let inFlight = true;
    const big = bench.mcp.call('run_cell', { notebookPath: NOTEBOOK, cellId }).finally(() => (inFlight = false));
    while (inFlight) {
      during.push((await bench.mcp.call('get_context')).ms);
    }
    await big;
  });
  const held = summarise(during);
  const longest = Math.max(0, ...(await longTasks(bench.page)));
  // Held back by no more than the page's own serialisation, beyond a get_context's usual p95.
  const allowed = serialise + idle.p95;
  report.add({
    section: 'outputs',
    name: `get_context while run_cell ${label} is in flight`,
    value:
      `max ${ms(held.max)}, p50 ${ms(held.p50)} (n=${held.n}); idle p50 ${ms(idle.p50)}, p95 ${ms(idle.p95)}; ` +
      `page serialises the result in ${ms(serialise)}; longest page task ${ms(longest)}`,
    target: `max ≤ serialisation + idle p95 = ${ms(allowed)}`,
    met: held.max <= allowed,
    data: { held, idle, serialise, longest }
  });
  report.add({ section: 'outputs', name: `  that run, profiled`, value: describeCpu(cpu), data: cpu });
}
