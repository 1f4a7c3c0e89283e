/**
 * read_notebook of big notebooks. Closed: the tool reads the file into a
 * throwaway model; its floor is the page fetching the same file from the
 * Jupyter server (contents API). Open in the page: the tool reads the live
 * model, with the default maxResultChars (60,000: the result is cut) and with
 * the cap lifted (what the page must serialise and the wire carry in full).
 * The biggest reads take tens of seconds, so each variant reads as often as
 * its budget allows, up to the configured count.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { setBridgeSetting } from '../../tests/e2e/support/lab-with-agent.js';
import type { BenchConfig } from '../config.js';
import type { BenchLab } from '../lab.js';
import type { CallOutcome } from '../mcp-client.js';
import { closeDocument, ok } from '../notebook-helpers.js';
import { pageCallTimes, resetProbes, waitForQuietPage } from '../page-probes.js';
import { describeCpu, profilePage } from '../page-profile.js';
import { ms, p50p95, size, type Report } from '../report.js';
import { summarise } from '../stats.js';

/** The largest maxResultChars the bridge accepts (an answer must fit one MCP message). */
const LARGEST_CAP = 2_000_000;
const DEFAULT_CAP = 60_000;
/** Reads stop once a variant has spent this long (at least one read is kept). */
const READ_BUDGET_MS = 15_000;
/** A first read faster than this is a warm-up and not kept; a slower one is a sample. */
const WARM_UP_UNDER_MS = 1000;
/** Reads of an open notebook profiled after the timed ones (profiling slows them). */
const PROFILED_READS = 3;

/** A notebook like a worked-in one: 1 markdown cell in 5, code cells with a short output each. */
function syntheticNotebook(cells: number): string {
  return JSON.stringify({
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' }, language_info: { name: 'python' } },
    cells: Array.from({ length: cells }, (_, i) =>
      i % 5 === 0
        ? {
            id: `md-${i}`,
            cell_type: 'markdown',
            metadata: {},
            source: [`## Step ${i}\n`, 'What this part of the analysis does, in a sentence or two.']
          }
        : {
            id: `code-${i}`,
            cell_type: 'code',
            metadata: {},
            execution_count: i,
            source: [`values_${i} = [x * ${i} for x in range(10)]\n`, `total_${i} = sum(values_${i})\n`, `total_${i}`],
            outputs: [{ output_type: 'execute_result', execution_count: i, metadata: {}, data: { 'text/plain': [String(45 * i)] } }]
          }
    )
  });
}

/** What the cap left of a read: how many cells, and whether strings were cut. */
function describeCut(result: Record<string, unknown>, cells: number): string {
  if (result.truncated !== true) {
    return 'whole';
  }
  const kept = ((result.cells as unknown[] | undefined) ?? []).filter((cell) => typeof cell === 'object').length;
  const cutStrings = JSON.stringify(result).includes('more characters cut]');
  return `cut: ${kept} of ${cells} cells kept${cutStrings ? ', strings shortened' : ''}`;
}

async function reads(bench: BenchLab, notebookPath: string, count: number): Promise<{ durations: number[]; last: CallOutcome }> {
  const read = async () => {
    const outcome = await bench.mcp.call('read_notebook', { notebookPath });
    if (outcome.result.success !== true) {
      throw new Error(`read_notebook ${notebookPath} failed: ${JSON.stringify(outcome.result).slice(0, 500)}`);
    }
    return outcome;
  };
  const started = performance.now();
  let last = await read();
  const durations = last.ms < WARM_UP_UNDER_MS ? [] : [last.ms];
  while (durations.length < count && (durations.length === 0 || performance.now() - started < READ_BUDGET_MS)) {
    last = await read();
    durations.push(last.ms);
  }
  return { durations, last };
}

/** The page fetching the notebook from the Jupyter server, as JupyterLab does to open it. */
async function contentsGetMs(page: Page, notebookPath: string): Promise<number> {
  return page.evaluate(async (notebookPath) => {
    type Contents = { get(path: string, options: { content: boolean }): Promise<unknown> };
    const app = (globalThis as unknown as { jupyterapp: { serviceManager: { contents: Contents } } }).jupyterapp;
    const started = performance.now();
    await app.serviceManager.contents.get(notebookPath, { content: true });
    return performance.now() - started;
  }, notebookPath);
}

export async function bigDocumentsScenario(bench: BenchLab, config: BenchConfig, report: Report): Promise<void> {
  const section = 'documents';
  for (const cells of config.notebookCells) {
    const notebookPath = `bench-${cells}-cells.ipynb`;
    const text = syntheticNotebook(cells);
    await writeFile(path.join(bench.lab.rootDir, notebookPath), text);
    const fetches = summarise([await contentsGetMs(bench.page, notebookPath), await contentsGetMs(bench.page, notebookPath)]);
    report.add({
      section,
      name: `${cells} cells (${size(text.length)} .ipynb): floor, contents API GET from the page`,
      value: `p50 ${ms(fetches.p50)}`,
      data: fetches
    });

    const variants = [
      { label: 'closed', open: false, cap: DEFAULT_CAP },
      { label: 'open', open: true, cap: DEFAULT_CAP },
      { label: 'open, largest cap (2,000,000)', open: true, cap: LARGEST_CAP }
    ];
    for (const variant of variants) {
      await setBridgeSetting(bench.page, 'maxResultChars', variant.cap);
      if (variant.open && variant.cap === DEFAULT_CAP) {
        const opening = performance.now();
        await ok(bench, 'open_document', { path: notebookPath });
        // The first read waits until the notebook has loaded in the page.
        await ok(bench, 'read_notebook', { notebookPath });
        report.add({ section, name: `${cells} cells: open_document + first read`, value: ms(performance.now() - opening) });
        await waitForQuietPage(bench.page);
      }
      await resetProbes(bench.page);
      const { durations, last } = await reads(bench, notebookPath, config.notebookReads);
      const call = summarise(durations);
      const inPage = summarise(await pageCallTimes(bench.page, 'read_notebook'));
      const meetsTarget = cells === 2000 && variant.cap === DEFAULT_CAP;
      report.add({
        section,
        name: `${cells} cells, ${variant.label}: read_notebook`,
        value:
          `${p50p95(call)}; in page p50 ${ms(inPage.p50)}; result ${size(last.textChars)} (${describeCut(last.result, cells)}), ` +
          `MCP message ${size(last.mcpChars)}`,
        ...(meetsTarget ? { target: '≤ 150 ms (p50)', met: call.p50 <= 150 } : {}),
        data: { call, inPage, textChars: last.textChars, mcpChars: last.mcpChars }
      });
      if (variant.open) {
        const cpu = await profilePage(bench.page, PROFILED_READS, () => ok(bench, 'read_notebook', { notebookPath }));
        report.add({ section, name: `  where the page's time goes`, value: describeCpu(cpu), data: cpu });
      }
    }
    await closeDocument(bench.page, notebookPath);
  }
  await setBridgeSetting(bench.page, 'maxResultChars', DEFAULT_CAP);
}
