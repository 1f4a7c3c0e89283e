/**
 * Page start: the main-thread time the bridge adds to a JupyterLab page's
 * start, in new tabs of the bench's browser (its HTTP and code caches warm, as
 * for a person who opens JupyterLab again), each on a workspace of its own.
 *
 * A CPU profile (Chrome DevTools Protocol, sampled every 100 µs) runs from the
 * new document's first script (an init script calls `console.profile`) until the
 * server has welcomed the page. The bridge's performance marks
 * (packages/lab-bridge/src/start-marks.ts) split it: `jupyter-live-mcp:restored`
 * (the app restored) and `jupyter-live-mcp:welcome` (the first welcome). A
 * sample counts for the bridge when a function of the bridge's bundle is
 * anywhere on its stack: the bridge's own code (evaluating its modules, zod's
 * schemas among them, and activate) and what JupyterLab does when the bridge
 * calls it (adding a status item, a command); its time before `restored` is
 * also split by the innermost of the bridge's files on the stack (the remote
 * entry's module loader, a chunk). Samples of the browser's native
 * work and GC count for no script. Profiled code runs slower than unprofiled.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { BRIDGE_DIR } from '../../tests/e2e/support/lab-with-agent.js';
import type { BenchLab } from '../lab.js';
import type { BenchConfig } from '../config.js';
import { profileSamples, type Profile } from '../page-profile.js';
import { ms, size, type Report } from '../report.js';
import { summarise } from '../stats.js';

const MARK = 'jupyter-live-mcp:';
const PROFILE_TITLE = 'jupyter-live-mcp-bench-page-start';

export interface PageStart {
  /** Bridge main-thread time from the document's start to the mark, in ms (a bridge function on the stack). */
  bridgeBeforeRestored: number;
  bridgeBeforeWelcome: number;
  /** The same, only samples whose own script is the bridge's. */
  bridgeOwnBeforeRestored: number;
  /** bridgeBeforeRestored by the innermost bridge file on the stack (its name in labextension/static), in ms. */
  bridgeBeforeRestoredByFile: Record<string, number>;
  /** The same count for the ai-commands fixture, a small prebuilt extension the bench's page also has: a floor. */
  fixtureBeforeRestored: number;
  /** All scripts' main-thread time before restored (JupyterLab's and the bridge's), for scale. */
  scriptsBeforeRestored: number;
  /** Wall-clock, from the plugin's activate. */
  activateToRestored: number;
  activateToWelcome: number;
  /** activate's own run, synchronous. */
  activateRun: number;
  /** The bridge's files the tab fetched by its first welcome. */
  files: string[];
  /** Those of them it asked for before `restored`. */
  filesBeforeRestored: string[];
}

const BRIDGE_STATIC = '/jupyter-live-mcp-bridge/static/';
/** Where the page loads test-pages/ai-commands-fixture's files from. */
const FIXTURE_URL = '/@jupyter-live-mcp/ai-commands-fixture/';

/** One tab's start, profiled. */
async function profiledStart(page: Page, url: string): Promise<PageStart> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const finished = new Promise<Profile>((resolve) => {
      cdp.on('Profiler.consoleProfileFinished', (event) => resolve(event.profile as unknown as Profile));
    });
    // The resource timing buffer (250 entries by default) would drop the files JupyterLab asks for late.
    await page.addInitScript(
      `globalThis.__benchProfileStart = performance.now(); performance.setResourceTimingBufferSize(100000); console.profile(${JSON.stringify(PROFILE_TITLE)});`
    );
    const files = new Set<string>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.includes(BRIDGE_STATIC)) {
        files.add(pathname.slice(pathname.indexOf(BRIDGE_STATIC) + BRIDGE_STATIC.length));
      }
    });
    await page.goto(url);
    await page.waitForFunction((mark) => performance.getEntriesByName(`${mark}welcome`).length > 0, MARK, {
      timeout: 90_000,
      polling: 50
    });
    // A string, not a function: tsx's keepNames would wrap the inner function in __name().
    const marks = (await page.evaluate(`(() => {
      console.profileEnd(${JSON.stringify(PROFILE_TITLE)});
      const at = (step) => performance.getEntriesByName(${JSON.stringify(MARK)} + step)[0]?.startTime ?? Number.NaN;
      const restored = at('restored');
      return {
        askedBeforeRestored: performance.getEntriesByType('resource')
          .filter((entry) => entry.startTime <= restored && entry.name.includes(${JSON.stringify(BRIDGE_STATIC)}))
          .map((entry) => new URL(entry.name).pathname.split(${JSON.stringify(BRIDGE_STATIC)})[1]),
        start: globalThis.__benchProfileStart ?? Number.NaN,
        activate: at('activate'),
        activated: at('activated'),
        restored: at('restored'),
        welcome: at('welcome')
      };
    })()`)) as Record<'start' | 'activate' | 'activated' | 'restored' | 'welcome', number> & { askedBeforeRestored: string[] };
    const profile = await finished;
    // The profile starts when the init script calls console.profile: its time 0 is marks.start on the page's clock.
    const samples = profileSamples(profile, FIXTURE_URL).map((sample) => ({ ...sample, at: marks.start + sample.atUs / 1000 }));
    const sum = (until: number, counts: (sample: (typeof samples)[number]) => boolean) =>
      samples.filter((sample) => sample.at <= until && counts(sample)).reduce((total, sample) => total + sample.ms, 0);
    return {
      bridgeBeforeRestored: sum(marks.restored, (sample) => sample.bridgeScript !== undefined),
      bridgeBeforeWelcome: sum(marks.welcome, (sample) => sample.bridgeScript !== undefined),
      bridgeBeforeRestoredByFile: byFile(samples.filter((sample) => sample.at <= marks.restored)),
      bridgeOwnBeforeRestored: sum(marks.restored, (sample) => sample.owner === 'bridge'),
      fixtureBeforeRestored: sum(marks.restored, (sample) => sample.alsoOnStack),
      scriptsBeforeRestored: sum(marks.restored, (sample) => sample.owner !== 'other'),
      activateToRestored: marks.restored - marks.activate,
      activateToWelcome: marks.welcome - marks.activate,
      activateRun: marks.activated - marks.activate,
      files: [...files].sort(),
      filesBeforeRestored: [...new Set(marks.askedBeforeRestored)].sort()
    };
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** The samples' time by the bridge file they ran for. */
function byFile(samples: readonly { bridgeScript: string | undefined; ms: number }[]): Record<string, number> {
  const times: Record<string, number> = {};
  for (const { bridgeScript, ms } of samples) {
    if (bridgeScript !== undefined) {
      const file = new URL(bridgeScript).pathname.split('/').pop() ?? bridgeScript;
      times[file] = (times[file] ?? 0) + ms;
    }
  }
  return times;
}

export async function pageStartScenario(bench: BenchLab, config: BenchConfig, report: Report): Promise<void> {
  const starts: PageStart[] = [];
  for (let i = 0; i < config.pageStarts; i++) {
    const page = await bench.page.context().newPage();
    try {
      starts.push(await profiledStart(page, `${bench.lab.url}/workspaces/bench-start-${i + 1}`));
    } finally {
      await page.close();
    }
  }
  const p50 = (pick: (start: PageStart) => number) => summarise(starts.map(pick)).p50;
  const before = summarise(starts.map((start) => start.bridgeBeforeRestored));
  report.add({
    section: 'footprint',
    name: 'page start: bridge main-thread time before restored (profiled)',
    value:
      `p50 ${ms(before.p50)}, max ${ms(before.max)} (n=${before.n}); its own code ${ms(p50((s) => s.bridgeOwnBeforeRestored))}, ` +
      `all scripts ${ms(p50((s) => s.scriptsBeforeRestored))}`,
    target: '≤ 30 ms (p50)',
    met: before.p50 <= 30,
    data: starts
  });
  const files = [...new Set(starts.flatMap((start) => Object.keys(start.bridgeBeforeRestoredByFile)))];
  const fileTimes = files.map((file) => ({ file, p50: p50((s) => s.bridgeBeforeRestoredByFile[file] ?? 0) })).sort((a, b) => b.p50 - a.p50);
  report.add({
    section: 'footprint',
    name: '  of it, by the bridge file on the stack (p50 each)',
    value: fileTimes.map(({ file, p50 }) => `${file} ${ms(p50)}`).join(', ') || 'none',
    data: fileTimes
  });
  report.add({
    section: 'footprint',
    name: '  floor: the same for a small prebuilt extension in the page (the ai-commands fixture)',
    value: `p50 ${ms(p50((s) => s.fixtureBeforeRestored))}, max ${ms(summarise(starts.map((s) => s.fixtureBeforeRestored)).max)}`,
    data: starts.map((start) => start.fixtureBeforeRestored)
  });
  const gzipOf = (fetched: readonly string[]) =>
    fetched.reduce((total, file) => total + gzipSync(readFileSync(path.join(BRIDGE_DIR, 'static', file)), { level: 9 }).length, 0);
  const fetched = starts[0]?.files ?? [];
  const gzip = gzipOf(fetched);
  report.add({
    section: 'footprint',
    name: `  bridge files a page fetches by its first welcome (${fetched.length} .js)`,
    value: `${size(gzip)} gzip`,
    data: { files: fetched, gzip }
  });
  const early = starts[0]?.filesBeforeRestored ?? [];
  const earlyGzip = gzipOf(early);
  report.add({
    section: 'footprint',
    name: `    of them, asked for before restored (${early.length} .js)`,
    value: `${size(earlyGzip)} gzip`,
    data: { files: early, gzip: earlyGzip }
  });
  report.add({
    section: 'footprint',
    name: '  bridge main-thread time before the first welcome (profiled)',
    value: `p50 ${ms(p50((s) => s.bridgeBeforeWelcome))}`,
    data: starts.map((start) => start.bridgeBeforeWelcome)
  });
  report.add({
    section: 'footprint',
    name: '  activate → restored, → first welcome (wall-clock); activate itself',
    value: `p50 ${ms(p50((s) => s.activateToRestored))}, ${ms(p50((s) => s.activateToWelcome))}; ${ms(p50((s) => s.activateRun))}`,
    data: starts.map(({ activateToRestored, activateToWelcome, activateRun }) => ({ activateToRestored, activateToWelcome, activateRun }))
  });
}
