/**
 * The CLI's memory, read from /proc (Linux): resident set size now, and its
 * peak per scenario; and the floors it is read against, Node processes that
 * load only a little and idle.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { CLI_NODE } from './config.js';
import type { LargestAnswers } from './largest-answers.js';

/** VmRSS and VmHWM (the peak since start) of a process, in bytes. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kB('VmRSS'), peak: kB('VmHWM') };
}

/**
 * Resident memory once it has settled: two readings a second apart within
 * 1 MB (at most 15 s), so work still under way after a start is not read as
 * idle.
 */
export async function settledRss(pid: number): Promise<number> {
  let last = memoryOf(pid).rss;
  for (let waited = 0; waited < 15_000; waited += 1000) {
    await sleep(1000);
    const now = memoryOf(pid).rss;
    if (Math.abs(now - last) < 2 ** 20) {
      return now;
    }
    last = now;
  }
  return last;
}

/** What the CLI held at its highest while a scenario ran, and the largest answer it sent meanwhile. */
export interface ScenarioPeak {
  /** Bytes of resident memory at the peak (VmHWM, exact: the kernel's high-water mark, reset as each scenario starts). */
  peak: number;
  /** Bytes of resident memory as the scenario started: what the scenarios before it left. */
  start: number;
  /** The tools/call answers the CLI sent before the scenario started. */
  callsBefore: number;
  /** The largest tools/call answers. */
  largest: LargestAnswers;
}

/**
 * The CLI's peak resident memory per scenario: the kernel's high-water mark,
 * reset (clear_refs 5) as each scenario starts, so a peak between two samples
 * is not missed.
 */
export class RssSampler {
  readonly peaks = new Map<string, ScenarioPeak>();
  /** Undefined before the first scenario: the page's start and the wait for it to be quiet are no scenario's. */
  private label: string | undefined;
  private start = 0;
  private answered = 0;
  private answeredAtStart = 0;

  constructor(
    private readonly pid: number,
    private readonly takeLargestAnswers: () => LargestAnswers
  ) {
    this.reset();
  }

  during(label: string): void {
    this.record();
    this.label = label;
    this.answeredAtStart = this.answered;
    this.reset();
  }

  stop(): void {
    this.record();
  }

  private record(): void {
    const largest = this.takeLargestAnswers();
    this.answered += largest.answers;
    if (this.label !== undefined) {
      this.peaks.set(this.label, { peak: memoryOf(this.pid).peak, start: this.start, callsBefore: this.answeredAtStart, largest });
    }
  }

  private reset(): void {
    writeFileSync(`/proc/${this.pid}/clear_refs`, '5');
    this.start = memoryOf(this.pid).rss;
  }
}

/**
 * The floors of the CLI's idle memory: Node with nothing loaded, and Node with
 * the MCP SDK's Server and stdio transport loaded as installed (node_modules)
 * and a Server built, each idle for as long as the CLI was before its reading.
 */
export const RSS_FLOORS: readonly { name: string; code: string }[] = [
  { name: 'node, nothing loaded', code: '' },
  {
    name: "node with the MCP SDK's Server and stdio transport loaded and a Server built",
    code:
      "const { Server } = await import('@modelcontextprotocol/sdk/server/index.js');" +
      "await import('@modelcontextprotocol/sdk/server/stdio.js');" +
      "globalThis.server = new Server({ name: 'floor', version: '0' }, { capabilities: { tools: {} } });"
  }
];

/** The resident memory of `node --input-type=module -e code` (run in `cwd`, for its imports) once idle for `idleMs` and settled. */
export async function idleNodeRss(code: string, cwd: string, idleMs: number): Promise<number> {
  const child = idleNode(code, cwd);
  try {
    await once(child.stdout!, 'data');
    await sleep(idleMs);
    return await settledRss(child.pid!);
  } finally {
    child.kill();
  }
}

function idleNode(code: string, cwd: string) {
  return spawn(CLI_NODE, ['--input-type=module', '-e', `${code}\nprocess.stdout.write('ready');\nsetInterval(() => {}, 60_000);`], {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit']
  });
}

/**
 * The floor of a scenario's peak: the least a server does with a page's
 * result, in a Node process of its own. It receives the frame over a loopback
 * WebSocket (`ws`, as the CLI) and holds it as bytes while it answers, as the
 * CLI holds a big result it keeps as the page wrote it (hub/raw-result.ts),
 * with V8 set as the CLI sets it (heap-release.ts: the heap sized for memory,
 * the young generation kept at its first size, the garbage collected after
 * each frame, as the CLI does after a big answer); it checks nothing and
 * writes no answer. Frames go one at a time, each after the last was
 * received, as the reads came.
 */
const RECEIVER =
  "const { WebSocketServer } = await import('ws');" +
  "const v8 = await import('node:v8'); const vm = await import('node:vm');" +
  "v8.setFlagsFromString('--semi-space-growth-factor=1'); v8.setFlagsFromString('--optimize-for-size');" +
  "v8.setFlagsFromString('--expose-gc'); const gc = vm.runInNewContext('gc');" +
  "const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 2 ** 30 });" +
  "wss.on('connection', (ws) => ws.on('message', () => { ws.send('received'); gc({ type: 'major', execution: 'async' }); }));" +
  "await new Promise((resolve) => wss.on('listening', resolve));";
const RECEIVE_ONLY = `${RECEIVER}process.stdout.write(String(wss.address().port) + " ");`;

/**
 * The same with the calls before a scenario: the receiver is also an MCP
 * server on the SDK's Server and stdio transport, as installed, that first
 * answers as many requests as the CLI answered before the scenario. They are
 * `ping`, the least a Server answers (no tool, no page, no answer built); so
 * what it keeps of them is the SDK's and V8's alone. Its port goes to stderr,
 * stdout being the MCP stream.
 */
const SERVER_THEN_RECEIVER =
  `${RECEIVER}const { Server } = await import('@modelcontextprotocol/sdk/server/index.js');` +
  "const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');" +
  "await new Server({ name: 'floor', version: '0' }, { capabilities: { tools: {} } }).connect(new StdioServerTransport());" +
  'process.stderr.write(String(wss.address().port) + " ");' +
  'setInterval(() => {}, 60_000);';

/** The page's result frame carrying `resultJson`, as the bridge sends it. */
export function resultFrame(resultJson: string): string {
  return `{"type":"result","callId":"c1","result":${resultJson}}`;
}

/** The receive-only process's peak resident memory above its own idle (after `idleMs`) over `count` sends of `frame`. */
export async function receiveOnlyPeak(frame: string, count: number, cwd: string, idleMs: number): Promise<number> {
  const child = idleNode(RECEIVE_ONLY, cwd);
  try {
    const [announced] = (await once(child.stdout!, 'data')) as [Buffer];
    await sleep(idleMs);
    const idle = memoryOf(child.pid!).rss;
    return (await sendFrames(child.pid!, announced, frame, count)) - idle;
  } finally {
    child.kill();
  }
}

/**
 * The peak above its own idle (after `idleMs`) of the server floor (SERVER_THEN_RECEIVER):
 * `calls` pings answered one by one, then `count` sends of `frame`.
 */
export async function calledThenReceivePeak(frame: string, count: number, calls: number, cwd: string, idleMs: number): Promise<number> {
  const child = spawn(CLI_NODE, ['--input-type=module', '-e', SERVER_THEN_RECEIVER], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  try {
    const [announced] = (await once(child.stderr!, 'data')) as [Buffer];
    await sleep(idleMs);
    const idle = memoryOf(child.pid!).rss;
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    for (let id = 1; id <= calls; id++) {
      child.stdin!.write(`{"jsonrpc":"2.0","id":${id},"method":"ping"}\n`);
      const { value } = await lines.next();
      if ((JSON.parse(String(value)) as { id?: unknown }).id !== id) {
        throw new Error(`the server floor answered ping ${id} with ${String(value).slice(0, 200)}`);
      }
    }
    return (await sendFrames(child.pid!, announced, frame, count)) - idle;
  } finally {
    child.kill();
  }
}

/** Sends `frame` `count` times to the floor on the port it announced, each after the last was received; its peak (VmHWM) from the first. */
async function sendFrames(pid: number, announced: Buffer, frame: string, count: number): Promise<number> {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const socket = new WebSocket(`ws://127.0.0.1:${Number.parseInt(announced.toString(), 10)}`);
  await once(socket, 'open');
  for (let i = 0; i < count; i++) {
    socket.send(frame);
    await once(socket, 'message');
  }
  const { peak } = memoryOf(pid);
  socket.close();
  return peak;
}
