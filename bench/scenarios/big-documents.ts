/**
 * read_notebook of big notebooks on JupyterLab. Closed: read from the file,
 * in each notebookTools mode, against the page's own fetch of the file
 * (notebook-reads.ts). Open in the page (the bridge's commands): the tool
 * reads the live model, with the default maxResultChars (60,000: the result
 * is cut) and with the cap lifted (what the page must serialise and the wire
 * carry in full).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setBridgeSetting } from '../../tests/e2e/support/lab-with-agent.js';
import type { BenchConfig } from '../config.js';
import type { BenchLab } from '../lab.js';
import { closeDocument, ok } from '../notebook-helpers.js';
import {
  DEFAULT_CAP,
  describeCut,
  LARGEST_CAP,
  measureClosedRead,
  PROFILED_READS,
  readRepeatedly,
  syntheticNotebook,
  TARGET_CELLS
} from '../notebook-reads.js';
import { pageCallTimes, settleOpenNotebook } from '../page-probes.js';
import { describeCpu, profilePage } from '../page-profile.js';
import { ms, p50p95, size, type Report } from '../report.js';
import { summarise } from '../stats.js';

const OPEN_TARGET_MS = 150;

export async function bigDocumentsScenario(bench: BenchLab, config: BenchConfig, report: Report): Promise<void> {
  const section = 'documents';
  for (const cells of config.notebookCells) {
    const notebookPath = `bench-${cells}-cells.ipynb`;
    const text = syntheticNotebook(cells);
    await writeFile(path.join(bench.lab.rootDir, notebookPath), text);
    await measureClosedRead(bench, section, { notebookPath, cells, fileChars: text.length }, config, report);

    const opening = performance.now();
    await ok(bench, 'open_document', { path: notebookPath });
    // The first read waits until the notebook has loaded in the page.
    await ok(bench, 'read_notebook', { notebookPath });
    report.add({ section, name: `${cells} cells: open_document + first read`, value: ms(performance.now() - opening) });
    // The open reads are timed once JupyterLab has rendered the notebook; the rows say if it had not.
    const busy = await settleOpenNotebook(bench.page);
    for (const variant of [
      { label: 'open', cap: DEFAULT_CAP },
      { label: 'open, largest cap (2,000,000)', cap: LARGEST_CAP }
    ]) {
      await setBridgeSetting(bench.page, 'maxResultChars', variant.cap);
      const { durations, last } = await readRepeatedly(bench, notebookPath, config.notebookReads);
      const call = summarise(durations);
      const inPage = summarise(await pageCallTimes(bench.page, 'read_notebook'));
      const meetsTarget = cells === TARGET_CELLS && variant.cap === DEFAULT_CAP;
      report.add({
        section,
        name: `${cells} cells, ${variant.label}: read_notebook`,
        value:
          `${p50p95(call)}; in page p50 ${ms(inPage.p50)}; result ${size(last.textChars)} (${describeCut(last.result, cells)}), ` +
          `MCP message ${size(last.mcpChars)}${busy}`,
        ...(meetsTarget ? { target: `≤ ${OPEN_TARGET_MS} ms (p50)`, met: call.p50 <= OPEN_TARGET_MS } : {}),
        data: { call, inPage, textChars: last.textChars, mcpChars: last.mcpChars }
      });
      const cpu = await profilePage(bench.page, PROFILED_READS, () => ok(bench, 'read_notebook', { notebookPath }));
      report.add({ section, name: `  where the page's time goes`, value: describeCpu(cpu), data: cpu });
    }
    await closeDocument(bench.page, notebookPath);
    await setBridgeSetting(bench.page, 'maxResultChars', DEFAULT_CAP);
  }
}
