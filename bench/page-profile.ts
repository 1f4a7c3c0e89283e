/**
 * Where the page's main thread spends a call: a CPU profile (Chrome DevTools
 * Protocol) taken around it, its time summed by who runs: the bridge's
 * bundle, JupyterLab's (everything else the page loaded), the browser's
 * native work on that thread (layout, style, paint, messages: V8's
 * "(program)"), garbage collection and the profiler's own start. Built-in
 * functions (JSON.stringify, a RegExp) count for the script that called them.
 */
import type { Page } from 'playwright-core';
import { ms } from './report.js';

export interface PageCpu {
  /** How many runs the profile covered; the times below are per run. */
  runs: number;
  bridgeMs: number;
  jupyterlabMs: number;
  /** The browser's native work on the main thread (layout, style, messages), GC, and the profiler's own start. */
  otherMs: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

export interface Profile {
  /** Microseconds, on the clock the samples' deltas count from. */
  startTime?: number;
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

const BRIDGE_URL = '/jupyter-live-mcp-bridge/';

/**
 * Profiles `runs` runs of `run` in one profile: starting the profiler costs the
 * page a moment of its own (it lists every compiled function), which then
 * weighs on `otherMs` only.
 */
export async function profilePage(page: Page, runs: number, run: () => Promise<unknown>): Promise<PageCpu> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
    for (let i = 0; i < runs; i++) {
      await run();
    }
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const total = attribute(profile);
    return { runs, bridgeMs: total.bridgeMs / runs, jupyterlabMs: total.jupyterlabMs / runs, otherMs: total.otherMs / runs };
  } finally {
    await cdp.detach();
  }
}

function attribute(profile: Profile): Omit<PageCpu, 'runs'> {
  const cpu = { bridgeMs: 0, jupyterlabMs: 0, otherMs: 0 };
  for (const sample of profileSamples(profile)) {
    cpu[`${sample.owner}Ms`] += sample.ms;
  }
  return cpu;
}

/** One sample of a CPU profile: when it was taken, the time it stands for, and whose it is. */
export interface ProfileSample {
  /** Microseconds after the profile's start. */
  atUs: number;
  ms: number;
  owner: 'bridge' | 'jupyterlab' | 'other';
  /**
   * The innermost of the bridge's files on its stack, if any (it ran for the
   * bridge, whoever's code it is), by its URL.
   */
  bridgeScript: string | undefined;
  /** Whether a function whose URL contains `alsoUrl` (another extension, for comparison) is on its stack. */
  alsoOnStack: boolean;
}

/** The profile's samples but the idle ones, each given to the script it belongs to. */
export function profileSamples(profile: Profile, alsoUrl?: string): ProfileSample[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parents.set(child, node.id);
    }
  }
  /** The script a sample belongs to: its own, or for a built-in its nearest caller's. */
  const owner = (id: number): string => {
    for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
      const { url, functionName } = nodes.get(current)!.callFrame;
      if (url || functionName.startsWith('(')) {
        return url || functionName;
      }
    }
    return '(program)';
  };
  const bridgeScript = (id: number): string | undefined => {
    for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
      const { url } = nodes.get(current)!.callFrame;
      if (url.includes(BRIDGE_URL)) {
        return url;
      }
    }
    return undefined;
  };
  const alsoOnStack = (id: number): boolean => {
    for (let current: number | undefined = id; alsoUrl && current !== undefined; current = parents.get(current)) {
      if (nodes.get(current)!.callFrame.url.includes(alsoUrl)) {
        return true;
      }
    }
    return false;
  };
  const samples: ProfileSample[] = [];
  let atUs = 0;
  (profile.samples ?? []).forEach((id, index) => {
    const delta = profile.timeDeltas?.[index] ?? 0;
    atUs += delta;
    const script = owner(id);
    if (script === '(idle)' || script === '(root)') {
      return;
    }
    samples.push({
      atUs,
      ms: delta / 1000,
      owner: script.startsWith('(') ? 'other' : script.includes(BRIDGE_URL) ? 'bridge' : 'jupyterlab',
      bridgeScript: bridgeScript(id),
      alsoOnStack: alsoOnStack(id)
    });
  });
  return samples;
}

export const describeCpu = (cpu: PageCpu): string =>
  `per run (${cpu.runs} profiled): bridge JS ${ms(cpu.bridgeMs)}, JupyterLab JS ${ms(cpu.jupyterlabMs)}, ` +
  `other ${ms(cpu.otherMs)} (browser native, GC, profiler start)`;
