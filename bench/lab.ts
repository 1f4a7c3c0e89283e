/**
 * The setting every scenario measures: the bench's MCP client on the built CLI,
 * a real JupyterLab 4.6.4 page with the bridge and the ai-commands fixture in
 * headless Chromium, paired. Reuses the end-to-end test support.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startJupyterLabPage, type JupyterLabPage } from '../test-pages/jupyterlab/src/jupyterlab-page.js';
import { launchChromium } from '../tests/e2e/support/chromium.js';
import { AI_COMMANDS_FIXTURE_DIR, BRIDGE_DIR, BRIDGE_PLUGIN } from '../tests/e2e/support/lab-with-agent.js';
import { startBenchClient, type BenchClient } from './mcp-client.js';
import { instrumentBridgeSocket } from './page-probes.js';

export interface BenchLab {
  mcp: BenchClient;
  lab: JupyterLabPage;
  browser: Browser;
  /** The first tab; the one every single-page scenario uses. */
  page: Page;
  /** Opens one more tab on the same JupyterLab; resolves once it is connected. */
  openTab(): Promise<Page>;
  stop(): Promise<void>;
}

/**
 * jupyter_server's default IOPub limit (1 MB/s over 3 s) drops a 10 MB output
 * before it reaches the page; the bench measures what the bridge does with one,
 * so the limit is off. JUPYTER_CONFIG_PATH is read on top of the page's own
 * config folder.
 */
async function noIopubLimitConfig(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'jupyter-live-mcp-bench-config-'));
  await writeFile(
    path.join(dir, 'jupyter_server_config.json'),
    JSON.stringify({ ServerApp: { iopub_data_rate_limit: 0, iopub_msg_rate_limit: 0 } })
  );
  return dir;
}

export async function startBenchLab(): Promise<BenchLab> {
  const mcp = await startBenchClient();
  const configDir = await noIopubLimitConfig();
  const previousConfigPath = process.env.JUPYTER_CONFIG_PATH;
  process.env.JUPYTER_CONFIG_PATH = configDir;
  const lab = await startJupyterLabPage({
    extensions: [BRIDGE_DIR, AI_COMMANDS_FIXTURE_DIR],
    // The bench's calls stay one MCP request each: no call here should go pending.
    userSettings: { [BRIDGE_PLUGIN]: { serverUrls: [`ws://127.0.0.1:${mcp.port}`], token: mcp.token, pendingAfterSeconds: 120 } }
  }).finally(() => {
    if (previousConfigPath === undefined) {
      delete process.env.JUPYTER_CONFIG_PATH;
    } else {
      process.env.JUPYTER_CONFIG_PATH = previousConfigPath;
    }
  });
  const browser = await launchChromium();
  // The tabs share one browser context, hence its HTTP and code caches, as tabs
  // of one browser window do; each tab still has its own page id.
  const context = await browser.newContext();
  let connectedPages = 0;
  const openTab = async () => {
    const page = await context.newPage();
    // tsx compiles with keepNames, which wraps functions sent to the page in __name().
    await page.addInitScript('globalThis.__name ??= (target) => target;');
    await page.addInitScript(instrumentBridgeSocket, mcp.port);
    const wanted = ++connectedPages;
    // A workspace of its own, so a tab does not restore the documents another tab had open.
    await page.goto(wanted === 1 ? lab.url : `${lab.url}/workspaces/bench-tab-${wanted}`);
    // A later tab brings the same tools, so no list_changed: wait until the server lists it.
    const deadline = Date.now() + 60_000;
    while (((await mcp.call('select_page')).result.pages as unknown[]).length < wanted) {
      if (Date.now() > deadline) {
        throw new Error(`tab ${wanted} did not connect to the server within 60 s:\n${mcp.stderr().slice(-2000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return page;
  };
  const page = await openTab();
  return {
    mcp,
    lab,
    browser,
    page,
    openTab,
    async stop() {
      await browser.close();
      await lab.stop();
      await mcp.close();
      await rm(configDir, { recursive: true, force: true });
    }
  };
}
