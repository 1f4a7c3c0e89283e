/**
 * The CLI's memory, read from /proc (Linux): resident set size now, and its
 * peak per scenario, sampled every 100 ms while the scenarios run; and the
 * floors it is read against, Node processes that load only a little and idle.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** VmRSS and VmHWM (the peak since start) of a process, in bytes. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kB('VmRSS'), peak: kB('VmHWM') };
}

export class RssSampler {
  /** The highest VmRSS seen while each label was current. */
  readonly peaks = new Map<string, number>();
  private label = 'setup';
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(private readonly pid: number) {
    this.timer = setInterval(() => this.sample(), 100);
    this.timer.unref();
  }

  during(label: string): void {
    this.sample();
    this.label = label;
  }

  stop(): void {
    this.sample();
    clearInterval(this.timer);
  }

  private sample(): void {
    const { rss } = memoryOf(this.pid);
    this.peaks.set(this.label, Math.max(this.peaks.get(this.label) ?? 0, rss));
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

/** The resident memory of `node --input-type=module -e code` (run in `cwd`, for its imports) once idle for `idleMs`. */
export async function idleNodeRss(code: string, cwd: string, idleMs: number): Promise<number> {
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', `${code}\nprocess.stdout.write('ready');\nsetInterval(() => {}, 60_000);`],
    {
      cwd,
      stdio: ['ignore', 'pipe', 'inherit']
    }
  );
  try {
    await once(child.stdout!, 'data');
    await sleep(idleMs);
    return memoryOf(child.pid!).rss;
  } finally {
    child.kill();
  }
}
