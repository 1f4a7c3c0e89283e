/**
 * The CLI's memory, read from /proc (Linux): resident set size now, and its
 * peak per scenario, sampled every 100 ms while the scenarios run.
 */
import { readFileSync } from 'node:fs';

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
