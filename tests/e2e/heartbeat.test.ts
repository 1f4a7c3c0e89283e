/**
 * The heartbeat with a real page and a real server, frozen with SIGSTOP as a
 * suspended laptop or a stopped process freezes them: a frozen browser is
 * dropped and its call answers page_disconnected, with no more progress; a
 * frozen server is given up by the page, which reconnects once it answers again. A page
 * whose own script is stuck (a busy loop), though the browser still answers pings, is
 * dropped too, and its call reports no progress meanwhile.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Browser, Page } from 'playwright-core';
import { startJupyterLabPage, type JupyterLabPage } from '../../test-pages/jupyterlab/src/jupyterlab-page.js';
import { launchChromium } from './support/chromium.js';
import { BRIDGE_DIR, BRIDGE_PLUGIN } from './support/lab-with-agent.js';
import { startMcpSession, type McpSession } from './support/mcp-session.js';

const HEARTBEAT_SECONDS = 2;
let mcp: McpSession;
let lab: JupyterLabPage;
let browser: Browser;
let page: Page;
const consoleTexts: string[] = [];
/** Process groups stopped by a test: continued whatever happens. */
const stopped = new Set<number>();

/** This process's children whose command line matches `pattern`: Playwright starts Chromium in a process group of its own. */
function childPids(pattern: RegExp): number[] {
  const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .trim()
    .split('\n');
  return lines.filter((line) => pattern.test(line)).map((line) => Number.parseInt(line, 10));
}

function freeze(processGroup: number): void {
  stopped.add(processGroup);
  process.kill(-processGroup, 'SIGSTOP');
}

function thaw(processGroup: number): void {
  process.kill(-processGroup, 'SIGCONT');
  stopped.delete(processGroup);
}

const connected = async () => (await mcp.call('get_context')).result.success === true;

beforeAll(async () => {
  mcp = await startMcpSession({ args: ['--heartbeat-seconds', String(HEARTBEAT_SECONDS)] });
  lab = await startJupyterLabPage({
    extensions: [BRIDGE_DIR],
    userSettings: { [BRIDGE_PLUGIN]: { serverUrls: [`ws://127.0.0.1:${mcp.port}`], token: mcp.token } }
  });
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('console', (message) => consoleTexts.push(message.text()));
  await page.goto(lab.url);
  await until(connected, 60_000);
});

/** Waits until `condition` holds (expect.poll belongs in tests; this is for the set-up). */
async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`not connected within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

afterEach(() => {
  for (const group of stopped) {
    thaw(group);
  }
});

afterAll(async () => {
  await browser?.close();
  await lab?.stop();
  await mcp?.close();
});

describe('the heartbeat', () => {
  it('drops a frozen browser: its call answers page_disconnected and its progress stops; thawed, it reconnects', async () => {
    const [chromium] = childPids(/chrom/i);
    expect(chromium).toBeDefined();
    freeze(chromium!);
    let progress = 0;
    const started = performance.now();
    const answer = (await mcp.client.callTool({ name: 'get_context', arguments: {} }, CallToolResultSchema, {
      onprogress: () => progress++,
      resetTimeoutOnProgress: true
    })) as CallToolResult;
    const answeredAfter = performance.now() - started;
    expect(answer.structuredContent).toMatchObject({
      success: false,
      code: 'page_disconnected',
      error: expect.stringContaining('stopped answering')
    });
    // Dropped within two periods of the last answer; no progress after the answer.
    expect(answeredAfter).toBeLessThan(2 * HEARTBEAT_SECONDS * 1000 + 1500);
    const progressAtAnswer = progress;
    await new Promise((resolve) => setTimeout(resolve, 2 * HEARTBEAT_SECONDS * 1000));
    expect(progress).toBe(progressAtAnswer);
    expect((await mcp.call('get_context')).result).toMatchObject({ success: false, code: 'no_page' });

    thaw(chromium!);
    await expect.poll(connected, { timeout: 30_000 }).toBe(true);
  });

  it('a page gives up a frozen server after two periods of silence, and is back once the server answers again', async () => {
    const [server] = childPids(/dist\/cli\.js/);
    expect(server).toBeDefined();
    // The server is a process group of its own only if spawned so; stop just the process.
    process.kill(server!, 'SIGSTOP');
    try {
      await expect
        .poll(() => consoleTexts.join('\n'), { timeout: 4 * HEARTBEAT_SECONDS * 1000 + 5000 })
        .toMatch(/disconnected from ws:\/\/127\.0\.0\.1:\d+: the server said nothing for 4 s/);
    } finally {
      process.kill(server!, 'SIGCONT');
    }
    await expect.poll(connected, { timeout: 60_000 }).toBe(true);
    expect(mcp.stderr().match(/page connected: /g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('drops a page whose script is stuck in a loop though the browser answers pings: its call answers, with no progress', async () => {
    await expect.poll(connected, { timeout: 30_000 }).toBe(true);
    // The loop starts once evaluate has returned, and holds the page's script for 20 s.
    await page.evaluate(() => {
      setTimeout(() => {
        const end = Date.now() + 20_000;
        while (Date.now() < end) {
          // busy
        }
      }, 0);
    });
    let progress = 0;
    const started = performance.now();
    const answer = (await mcp.client.callTool({ name: 'get_context', arguments: {} }, CallToolResultSchema, {
      onprogress: () => progress++,
      resetTimeoutOnProgress: true
    })) as CallToolResult;
    const answeredAfter = performance.now() - started;
    console.log(`stuck page script: answered after ${Math.round(answeredAfter)} ms, ${progress} progress notices`);
    expect(answer.structuredContent).toMatchObject({
      success: false,
      code: 'page_disconnected',
      error: expect.stringContaining("the page's script stopped answering")
    });
    // A period and a probe's grace after its last answer, found at the next probe; long before the loop ends.
    expect(answeredAfter).toBeLessThan(HEARTBEAT_SECONDS * 1000 + 1000 + 1000 + 2000);
    expect(progress).toBeLessThanOrEqual(1);
    expect((await mcp.call('get_context')).result).toMatchObject({ success: false, code: 'no_page' });
    // Once the loop ends, the page connects again.
    await expect.poll(connected, { timeout: 60_000 }).toBe(true);
  });
});
