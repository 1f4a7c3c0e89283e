/**
 * Footprint: the CLI's memory idle and under load, the bridge bundle's size
 * as a browser downloads it (gzip), and how long the CLI (the bundled
 * dist/cli.js the npm package ships) takes from spawn to its first tools/list
 * answer, against the floor of Node starting with nothing to load; and the
 * size of that answer, the catalogue an agent reads at every session start.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CATALOGUE_LIMITS, catalogueSize, type CatalogueSize } from '@jupyter-live-mcp/protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI_PATH, freePort, pairingConfig } from '../../tests/e2e/support/mcp-session.js';
import { BRIDGE_DIR } from '../../tests/e2e/support/lab-with-agent.js';
import { type BenchConfig, CLI_NODE } from '../config.js';
import { p50p95, size, type Report } from '../report.js';
import { calledThenReceivePeak, receiveOnlyPeak, resultFrame, RSS_FLOORS, type ScenarioPeak } from '../rss.js';
import { summarise } from '../stats.js';

/** Spawn → MCP initialize → tools/list answered, each time on a fresh CLI process. */
export async function cliStartScenario(config: BenchConfig, report: Report): Promise<void> {
  const floor: number[] = [];
  for (let i = 0; i < config.cliStarts; i++) {
    const started = performance.now();
    await once(spawn(CLI_NODE, ['-e', '0'], { stdio: 'ignore' }), 'exit');
    floor.push(performance.now() - started);
  }
  const { configDir } = await pairingConfig();
  const durations: number[] = [];
  let catalogue: CatalogueSize | undefined;
  for (let i = 0; i < config.cliStarts; i++) {
    const transport = new StdioClientTransport({
      command: CLI_NODE,
      args: [CLI_PATH, '--port', String(await freePort())],
      env: { ...getDefaultEnvironment(), JUPYTER_LIVE_MCP_CONFIG_DIR: configDir },
      stderr: 'ignore'
    });
    const client = new Client({ name: 'jupyter-live-mcp-bench', version: '0.0.0' });
    const started = performance.now();
    await client.connect(transport);
    const { tools } = await client.listTools();
    durations.push(performance.now() - started);
    await client.close();
    if (tools.length === 0) {
      throw new Error('the CLI listed no tools');
    }
    catalogue ??= catalogueSize(tools);
  }
  await rm(configDir, { recursive: true, force: true });
  const summary = summarise(durations);
  report.add({
    section: 'footprint',
    name: 'CLI spawn → first tools/list answered',
    value: p50p95(summary),
    target: '≤ 250 ms (p50)',
    met: summary.p50 <= 250,
    data: summary
  });
  const floorSummary = summarise(floor);
  report.add({ section: 'footprint', name: '  floor: node -e 0, spawn → exit', value: p50p95(floorSummary), data: floorSummary });
  if (catalogue) {
    const { tools, chars, largestDescription } = catalogue;
    report.add({
      section: 'footprint',
      name: `tools/list before a page connects (${tools} tools)`,
      value: `${chars.toLocaleString('en')} characters; largest description ${largestDescription.chars.toLocaleString('en')} (${largestDescription.tool})`,
      target: `≤ ${CATALOGUE_LIMITS.listChars.toLocaleString('en')} characters, each description < ${CATALOGUE_LIMITS.descriptionChars.toLocaleString('en')}`,
      met: chars <= CATALOGUE_LIMITS.listChars && largestDescription.chars < CATALOGUE_LIMITS.descriptionChars,
      data: catalogue
    });
  }
}

export function bundleScenario(report: Report): void {
  const dir = path.join(BRIDGE_DIR, 'static');
  const files = readdirSync(dir).filter((file) => file.endsWith('.js'));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const content = readFileSync(path.join(dir, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  report.add({
    section: 'footprint',
    name: `bridge bundle (${files.length} .js files in labextension/static)`,
    value: `${size(gzip)} gzip (${size(raw)} raw)`,
    data: { files, raw, gzip }
  });
}

/** Issue 26: the CLI idle with one page connected. */
const IDLE_RSS_TARGET = 60e6;
/**
 * Issue 26's "peak ≤ 2× the largest message in flight", read as: the peak above
 * the idle memory at most twice the largest answer's bytes (the MCP message on
 * stdout, the largest the CLI holds). Judged where that answer is big enough
 * for the ratio to say something (a few kB answers leave only the heap's own
 * growth to see).
 */
const PEAK_RATIO_TARGET = 2;
const PEAK_JUDGED_FROM_BYTES = 1e6;

/** A scenario's peak floors: frames like its largest answer's result, received by a bare Node process. */
export interface PeakFloor {
  frames: number;
  frameBytes: number;
  /** That process's peak resident memory above its own idle. */
  aboveIdle: number;
  /** The same received by the SDK's Server after as many requests as the CLI answered before the scenario. */
  afterCalls: { calls: number; aboveIdle: number };
}

/**
 * The floors (rss.ts) of each scenario judged against the target: as many
 * frames as the scenario had answers about as big as its largest, each
 * carrying that answer's result, received by a process that does nothing else,
 * and by the SDK's Server after it answered as many requests as the CLI before
 * the scenario (the memory those calls leave is judged in the CLI's peak too).
 */
export async function receiveFloors(
  peaks: ReadonlyMap<string, ScenarioPeak>,
  cwd: string,
  idleMs: number
): Promise<Map<string, PeakFloor>> {
  const floors = new Map<string, PeakFloor>();
  for (const [scenario, { largest, callsBefore }] of peaks) {
    if (largest.bytes >= PEAK_JUDGED_FROM_BYTES && largest.resultJson !== undefined) {
      const frame = resultFrame(largest.resultJson);
      floors.set(scenario, {
        frames: largest.count,
        frameBytes: Buffer.byteLength(frame),
        aboveIdle: await receiveOnlyPeak(frame, largest.count, cwd, idleMs),
        afterCalls: { calls: callsBefore, aboveIdle: await calledThenReceivePeak(frame, largest.count, callsBefore, cwd, idleMs) }
      });
    }
  }
  return floors;
}

export function memoryScenario(
  idleRss: number,
  floors: readonly number[],
  peaks: ReadonlyMap<string, ScenarioPeak>,
  peakFloors: ReadonlyMap<string, PeakFloor>,
  report: Report
): void {
  report.add({
    section: 'footprint',
    name: 'CLI RSS idle (one page connected)',
    value: size(idleRss),
    target: `≤ ${size(IDLE_RSS_TARGET)}`,
    met: idleRss <= IDLE_RSS_TARGET,
    data: idleRss
  });
  RSS_FLOORS.forEach(({ name }, index) => {
    const floor = floors[index];
    if (floor !== undefined) {
      report.add({
        section: 'footprint',
        name: `  floor: ${name}, idle`,
        value: `${size(floor)}; the CLI ${idleRss >= floor ? `${size(idleRss - floor)} above it` : `${size(floor - idleRss)} below it`}`,
        data: floor
      });
    }
  });
  for (const [scenario, { peak, start, largest }] of peaks) {
    const largestMessage = largest.bytes;
    const ratio = (peak - idleRss) / largestMessage;
    const judged = largestMessage >= PEAK_JUDGED_FROM_BYTES;
    // What the scenarios before it left (small calls grow the heap too) is told apart from what this one's answers took.
    const fromStart = `; ${size(peak - start)} above the ${size(start)} it started at, ${((peak - start) / largestMessage).toFixed(1)}×`;
    report.add({
      section: 'footprint',
      name: `CLI RSS peak during ${scenario}`,
      value:
        `${size(peak)}: ${size(peak - idleRss)} above idle` +
        (judged
          ? `, ${ratio.toFixed(1)}× the largest answer (${size(largestMessage)})${fromStart}`
          : `; the largest answer ${size(largestMessage)}`),
      ...(judged ? { target: `above idle ≤ ${PEAK_RATIO_TARGET}× the largest answer`, met: ratio <= PEAK_RATIO_TARGET } : {}),
      data: { peak, idle: idleRss, largestMessage, ratio }
    });
    const floor = peakFloors.get(scenario);
    if (floor) {
      report.add({
        section: 'footprint',
        name: `  floor: node receiving the same ${floor.frames} frames of ${size(floor.frameBytes)}, V8 set as the CLI sets it, no answer written`,
        value: `${size(floor.aboveIdle)} above idle, ${(floor.aboveIdle / largestMessage).toFixed(1)}× the largest answer`,
        data: floor
      });
      const { calls, aboveIdle } = floor.afterCalls;
      report.add({
        section: 'footprint',
        name: `  floor: the same frames received by the MCP SDK's Server after it answered ${calls.toLocaleString('en')} requests (ping), as many as the CLI before ${scenario}`,
        value: `${size(aboveIdle)} above idle, ${(aboveIdle / largestMessage).toFixed(1)}× the largest answer`,
        data: floor.afterCalls
      });
    }
  }
}
