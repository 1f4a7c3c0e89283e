/**
 * What the bench reads from inside the page. The bridge keeps its socket to
 * itself, so an init script wraps the page's WebSocket class before the bridge
 * loads: on the sockets to the MCP server, it notes when each call arrives and
 * when its result leaves, which splits a call's time into page and elsewhere.
 */
import type { Page } from 'playwright-core';
import { ms } from './report.js';

/** The result's JSON the probe answers with, and the page's work it runs first, if any, named as in `__benchWork`. */
interface ProbeAnswer {
  resultJson: string;
  work?: string;
}

interface CallTiming {
  tool: string;
  received: number;
  sent?: number;
}

type ProbeGlobals = typeof globalThis & {
  __benchCallTimings: Map<string, CallTiming>;
  /** Tools whose calls the probe answers itself before the bridge sees them (answerBeforeTheBridge). */
  __benchAnswers: Map<string, ProbeAnswer>;
  /** Work the bench put in the page (page-kernel.ts), by name: each takes a call's arguments. */
  __benchWork?: Record<string, (args: Record<string, unknown>) => Promise<unknown>>;
  /** The ports of the MCP servers whose sockets are probed. */
  __benchServerPorts: Set<string>;
  __benchLongTasks: { start: number; duration: number }[];
  jupyterapp: { commands: { addCommand(id: string, options: object): unknown; hasCommand(id: string): boolean } };
};

/** Runs in the page (page.addInitScript), so it uses only what a page has. */
export function instrumentBridgeSocket(serverPort: number): void {
  const g = globalThis as ProbeGlobals;
  const timings = new Map<string, CallTiming>();
  g.__benchCallTimings = timings;
  g.__benchServerPorts = new Set([String(serverPort)]);
  g.__benchLongTasks = [];
  g.__benchAnswers = new Map();
  // Long tasks are main-thread stretches over 50 ms: what holds other calls back.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      g.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  // Both messages are JSON.stringify of objects whose first keys are type and callId.
  const callPrefix = '{"type":"call","callId":"';
  const resultPrefix = '{"type":"result","callId":"';
  const idAfter = (data: string, prefix: string) => data.slice(prefix.length, data.indexOf('"', prefix.length));
  const toolOf = (data: string) => {
    const start = data.indexOf('"tool":"') + 8;
    return data.slice(start, data.indexOf('"', start));
  };
  const Native = WebSocket;
  class Instrumented extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      if (!g.__benchServerPorts.has(new URL(String(url)).port)) {
        return;
      }
      this.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data === 'string' && event.data.startsWith(callPrefix)) {
          const callId = idAfter(event.data, callPrefix);
          const tool = toolOf(event.data);
          const answer = g.__benchAnswers.get(tool);
          if (answer === undefined) {
            timings.set(callId, { tool, received: performance.now() });
          } else {
            // Added here, in the constructor, before the bridge adds its own: stopping the event keeps the call from the bridge.
            event.stopImmediatePropagation();
            const send = (resultJson: string) => this.send(`${resultPrefix}${callId}","result":${resultJson}}`);
            const work = answer.work && g.__benchWork?.[answer.work];
            if (work) {
              // A failed work answers a failure, which the bench's check of the result reports.
              const failed = (error: unknown) =>
                send(JSON.stringify({ success: false, error: { code: 'internal_error', message: `the bench's work failed: ${error}` } }));
              work(JSON.parse(event.data).args).then(() => send(answer.resultJson), failed);
            } else {
              send(answer.resultJson);
            }
          }
        }
      });
      const send = this.send.bind(this);
      this.send = (data) => {
        if (typeof data === 'string' && data.startsWith(resultPrefix)) {
          const timing = timings.get(idAfter(data, resultPrefix));
          if (timing) {
            timing.sent = performance.now();
          }
        }
        send(data);
      };
    }
  }
  g.WebSocket = Instrumented;
}

/** Probes the sockets the page opens from now on to one more MCP server. */
export async function probeServerPort(page: Page, port: number): Promise<void> {
  await page.evaluate((port) => (globalThis as ProbeGlobals).__benchServerPorts.add(String(port)), port);
}

/**
 * From now on the probe answers calls of `tool` itself with `resultJson`, and
 * the bridge never sees them; `undefined` ends that. With `work` (a name of
 * the bench's work in the page, page-kernel.ts) it first runs that work with
 * the call's arguments, as the page itself would do what the tool does;
 * without, it answers at once. What such a call takes is what the CLI, the
 * client and both hops take, with that work and none of the bridge's. Such
 * calls are not counted among the page's (pageCallTimes).
 */
export async function answerBeforeTheBridge(page: Page, tool: string, resultJson: string | undefined, work?: string): Promise<void> {
  await page.evaluate(
    ({ tool, answer }) => {
      const answers = (globalThis as ProbeGlobals).__benchAnswers;
      if (answer === undefined) {
        answers.delete(tool);
      } else {
        answers.set(tool, answer);
      }
    },
    { tool, answer: resultJson === undefined ? undefined : { resultJson, ...(work ? { work } : {}) } }
  );
}

/** Forgets the calls and long tasks noted so far. */
export async function resetProbes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as ProbeGlobals;
    g.__benchCallTimings.clear();
    g.__benchLongTasks.length = 0;
  });
}

/**
 * Time each call of `tool` noted since the last reset spent in the page: from
 * the call's arrival to its result leaving.
 */
export async function pageCallTimes(page: Page, tool: string): Promise<number[]> {
  return page.evaluate(
    (tool) =>
      [...(globalThis as ProbeGlobals).__benchCallTimings.values()].flatMap((t) =>
        t.tool === tool && t.sent !== undefined ? [t.sent - t.received] : []
      ),
    tool
  );
}

/** Durations of the long tasks since the last reset. */
export async function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => (globalThis as ProbeGlobals).__benchLongTasks.map((task) => task.duration));
}

export const ECHO_COMMAND = 'bench:echo';

/**
 * A command that does nothing but return its arguments, so every result says
 * which call it answers. Registered the way any extension registers one.
 */
export async function registerEchoCommand(page: Page): Promise<void> {
  await page.evaluate((id) => {
    const { commands } = (globalThis as ProbeGlobals).jupyterapp;
    if (!commands.hasCommand(id)) {
      commands.addCommand(id, { label: 'Bench echo', execute: (args: unknown) => args });
    }
  }, ECHO_COMMAND);
}

/**
 * Waits until the page has had ten idle periods of at least 40 ms in a row and
 * no long task for a second (at most `timeoutMs`), so a notebook that just
 * opened has finished laying out before its reads are timed. Idle periods
 * alone are not enough: JupyterLab goes on rendering a big notebook's cell
 * editors in idle time, in tasks of 50-60 ms with idle periods between them
 * (2,000 cells: for 30-40 s after it opened, here), and a call timed
 * meanwhile waits behind one. Resolves with how long it waited, and whether
 * the page went quiet in that time.
 */
export async function waitForQuietPage(page: Page, timeoutMs = 30_000): Promise<{ ms: number; quiet: boolean }> {
  return page.evaluate(async (timeoutMs) => {
    const started = performance.now();
    const deadline = started + timeoutMs;
    let lastLongTaskEnd = Number.NEGATIVE_INFINITY;
    const observer = new PerformanceObserver((list) => {
      for (const task of list.getEntries()) {
        lastLongTaskEnd = Math.max(lastLongTaskEnd, task.startTime + task.duration);
      }
    });
    observer.observe({ type: 'longtask', buffered: true });
    try {
      let quiet = 0;
      const busy = () => quiet < 10 || performance.now() - lastLongTaskEnd < 1000;
      while (busy() && performance.now() < deadline) {
        const idle = await new Promise<IdleDeadline>((resolve) => requestIdleCallback(resolve, { timeout: 1000 }));
        quiet = idle.timeRemaining() >= 40 ? quiet + 1 : 0;
      }
      return { ms: performance.now() - started, quiet: !busy() };
    } finally {
      observer.disconnect();
    }
  }, timeoutMs);
}

/** The longest wait for JupyterLab to have rendered a big notebook that just opened: 2,000 cells take 30-40 s here. */
const RENDERED_TIMEOUT_MS = 90_000;

/**
 * Waits for the page to be quiet after a big notebook opened, so that its
 * reads are not timed behind JupyterLab's rendering; resolves with what the
 * rows timed then add: nothing, or that the page was still busy.
 */
export async function settleOpenNotebook(page: Page): Promise<string> {
  const settled = await waitForQuietPage(page, RENDERED_TIMEOUT_MS);
  return settled.quiet ? '' : `; the page still busy (long tasks) after ${ms(settled.ms)}`;
}
