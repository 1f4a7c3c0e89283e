/**
 * The kernel path: `1+1` through run_cell and execute_code, against the same
 * code sent straight to the same kernel from Node (direct-kernel.ts). The four
 * are interleaved, so each sees the same kernel and machine state.
 */
import type { BenchConfig } from '../config.js';
import { connectDirectKernel } from '../direct-kernel.js';
import type { BenchLab } from '../lab.js';
import { addCell, closeDocument, notebookWithKernel } from '../notebook-helpers.js';
import { pageCallTimes, resetProbes } from '../page-probes.js';
import { p50p95, ratio, type Report } from '../report.js';
import { summarise, timed } from '../stats.js';

const NOTEBOOK = 'bench-kernel.ipynb';
const CODE = '1+1';

export async function kernelScenario(bench: BenchLab, config: BenchConfig, report: Report): Promise<void> {
  const kernelId = await notebookWithKernel(bench, NOTEBOOK);
  const cellId = await addCell(bench, NOTEBOOK, CODE);
  const direct = await connectDirectKernel(bench.lab.url, kernelId);
  const samples = { run_cell: [] as number[], execute_code: [] as number[], direct: [] as number[], directNew: [] as number[] };
  const check = (tool: string, result: Record<string, unknown>) => {
    if (result.success !== true || JSON.stringify(result.outputs).indexOf('"2"') < 0) {
      throw new Error(`${tool} of ${CODE} did not answer 2: ${JSON.stringify(result).slice(0, 500)}`);
    }
  };
  try {
    const round = async (record: boolean) => {
      const runCell = await bench.mcp.call('run_cell', { notebookPath: NOTEBOOK, cellId });
      check('run_cell', runCell.result);
      const executeCode = await bench.mcp.call('execute_code', { kernelId, code: CODE });
      check('execute_code', executeCode.result);
      const straight = await timed(() => direct.execute(CODE));
      const fresh = await timed(() => direct.executeOnNewConnection(CODE));
      if (record) {
        samples.run_cell.push(runCell.ms);
        samples.execute_code.push(executeCode.ms);
        samples.direct.push(straight.ms);
        samples.directNew.push(fresh.ms);
      }
    };
    for (let i = 0; i < Math.min(10, config.warmupCalls); i++) {
      await round(false);
    }
    await resetProbes(bench.page);
    for (let i = 0; i < config.kernelCalls; i++) {
      await round(true);
    }
  } finally {
    await direct.dispose();
    await closeDocument(bench.page, NOTEBOOK);
  }
  const floor = summarise(samples.direct);
  report.add({
    section: 'kernel',
    name: `direct execute ${CODE} from Node (@jupyterlab/services, open connection)`,
    value: p50p95(floor),
    data: floor
  });
  const fresh = summarise(samples.directNew);
  report.add({ section: 'kernel', name: `direct execute on a new connection each time`, value: p50p95(fresh), data: fresh });
  for (const tool of ['run_cell', 'execute_code'] as const) {
    const call = summarise(samples[tool]);
    const inPage = summarise(await pageCallTimes(bench.page, tool));
    report.add({ section: 'kernel', name: `${tool} ${CODE} via MCP`, value: p50p95(call), data: call });
    report.add({ section: 'kernel', name: `  of which in the page`, value: p50p95(inPage), data: inPage });
    const p50Ratio = call.p50 / floor.p50;
    report.add({
      section: 'kernel',
      name: `  ratio to direct execute`,
      value: `p50 ${ratio(p50Ratio)}, p95 ${ratio(call.p95 / floor.p95)}`,
      target: '≤ 1.3× (p50)',
      met: p50Ratio <= 1.3,
      data: { p50Ratio, p95Ratio: call.p95 / floor.p95 }
    });
  }
}
