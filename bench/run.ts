/**
 * `scripts/pnpm bench`: measures the live-page path end to end on a real
 * JupyterLab page (and, in the lite scenario, a JupyterLite page) in headless
 * Chromium and prints every figure, each against its floor or target,
 * measured in this one run. See BENCHMARKS.md.
 */
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseConfig, type BenchConfig, type ScenarioName } from './config.js';
import { startBenchLab, type BenchLab } from './lab.js';
import { Report, size } from './report.js';
import { waitForQuietPage } from './page-probes.js';
import { idleNodeRss, RSS_FLOORS, RssSampler, settledRss } from './rss.js';
import { agentTasksScenario } from './scenarios/agent-tasks.js';
import { besideThePersonScenario } from './scenarios/beside-the-person.js';
import { bigDocumentsScenario } from './scenarios/big-documents.js';
import { bigOutputsScenario } from './scenarios/big-outputs.js';
import { bundleScenario, cliStartScenario, memoryScenario, receiveFloors } from './scenarios/footprint.js';
import { kernelScenario } from './scenarios/kernel.js';
import { liteScenario } from './scenarios/lite.js';
import { manyPagesScenario } from './scenarios/many-pages.js';
import { pageStartScenario } from './scenarios/page-start.js';
import { overheadScenario } from './scenarios/overhead.js';
import { throughputScenario } from './scenarios/throughput.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
/** How long each memory floor idles before its reading: past its start's work, as the CLI is when read. */
const FLOOR_IDLE_MS = 2000;

type Scenario = (bench: BenchLab, config: BenchConfig, report: Report) => Promise<void>;

/**
 * The scenarios on the JupyterLab page, in this order: the page stays slow for
 * a while after a 10,000-cell notebook was open, so documents come after the
 * other single-page scenarios; many pages comes last, as its tabs load the
 * machine. The lite scenario runs after them, on a site of its own, once the
 * JupyterLab page and its kernel are gone.
 */
const LAB_SCENARIOS: [ScenarioName, Scenario][] = [
  ['overhead', overheadScenario],
  ['throughput', throughputScenario],
  ['kernel', kernelScenario],
  ['outputs', bigOutputsScenario],
  ['tasks', agentTasksScenario],
  ['documents', bigDocumentsScenario],
  ['pages', manyPagesScenario],
  ['changes', besideThePersonScenario]
];

const log = (line: string) => process.stderr.write(`${line}\n`);
/** The machine may be shared: its 1, 5 and 15 minute load averages say how busy it was around the figures. */
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
// @jupyterlab/services logs each kernel connection it opens (console.debug, on
// stdout): keep stdout for the table.
console.debug = (...args: unknown[]) => log(args.map(String).join(' '));

async function main(): Promise<void> {
  const config = parseConfig(process.argv.slice(2));
  const report = new Report(log);
  const started = performance.now();
  log(`jupyter-live-mcp bench${config.quick ? ' (--quick)' : ''}: ${config.scenarios.join(', ')}`);
  const loadAtStart = load();
  log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${size(totalmem())} RAM, Node ${process.version}, load ${loadAtStart}`);
  const footprint = config.scenarios.includes('footprint');
  if (footprint) {
    // Before the page and its kernel load the machine.
    log('footprint: CLI start');
    await cliStartScenario(config, report);
    bundleScenario(report);
  }
  const progress = (name: string) => log(`${name} (${((performance.now() - started) / 1000).toFixed(0)} s in, load ${load()})`);
  const labScenarios = LAB_SCENARIOS.filter(([name]) => config.scenarios.includes(name));
  // The footprint's memory figures are the CLI's beside the JupyterLab page; they close the table.
  let memoryRows = () => {};
  if (labScenarios.length > 0 || footprint) {
    const bench = await startBenchLab();
    const sampler = new RssSampler(bench.mcp.pid, () => bench.mcp.takeLargestAnswers());
    let idleRss: number;
    const floors: number[] = [];
    try {
      await waitForQuietPage(bench.page);
      // Read as the floors are: after the same idle time, once settled.
      await sleep(FLOOR_IDLE_MS);
      idleRss = await settledRss(bench.mcp.pid);
      if (footprint) {
        // In the same state of the machine, from the repository (where the SDK is installed).
        for (const floor of RSS_FLOORS) {
          floors.push(await idleNodeRss(floor.code, REPO, FLOOR_IDLE_MS));
        }
      }
      if (footprint) {
        progress('footprint: page start');
        sampler.during('page start');
        await pageStartScenario(bench, config, report);
      }
      for (const [name, scenario] of labScenarios) {
        progress(name);
        sampler.during(name);
        await scenario(bench, config, report);
      }
    } finally {
      sampler.stop();
      await bench.stop();
    }
    // After the page and its kernel have stopped: the floor of the peaks is a process of its own.
    const peakFloors = await receiveFloors(sampler.peaks, REPO, FLOOR_IDLE_MS);
    memoryRows = () => memoryScenario(idleRss, floors, sampler.peaks, peakFloors, report);
  }
  if (config.scenarios.includes('lite')) {
    progress('lite');
    await liteScenario(config, report);
  }
  memoryRows();
  const total = `Total time: ${((performance.now() - started) / 1000).toFixed(0)} s`;
  process.stdout.write(`\n${report.table()}\n\n${total}; load average (1 / 5 / 15 min) at start ${loadAtStart}, at end ${load()}\n`);
  if (config.jsonFile) {
    await writeFile(config.jsonFile, `${JSON.stringify({ config, rows: report.rows }, null, 2)}\n`);
  }
}

main().catch((error: unknown) => {
  log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
