/**
 * The settings the scenarios measure: the bench's MCP client on the built CLI
 * and a real page with the bridge and the ai-commands fixture in headless
 * Chromium, paired. Most scenarios use a JupyterLab 4.6.4 page; the lite
 * scenario a JupyterLite 0.8 page of its own. Reuses the end-to-end test support.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startJupyterLabPage, type JupyterLabPage } from '../test-pages/jupyterlab/src/jupyterlab-page.js';
import { startJupyterLiteSite } from '../test-pages/jupyterlite/src/jupyterlite-site.js';
import { launchChromium } from '../tests/e2e/support/chromium.js';
import { AI_COMMANDS_FIXTURE_DIR, BRIDGE_DIR, BRIDGE_PLUGIN } from '../tests/e2e/support/lab-with-agent.js';
import { startBenchClient, type BenchClient } from './mcp-client.js';
import { instrumentBridgeSocket } from './page-probes.js';

/** What a scenario drives: the agent's client and the page it is paired with. */
export interface BenchPage {
  mcp: BenchClient;
  /** The first tab; the one every single-page scenario uses. */
  page: Page;
}

export interface BenchLab extends BenchPage {
  lab: JupyterLabPage;
  browser: Browser;
  /** Opens one more tab on the same JupyterLab; resolves once it is connected. */
  openTab(): Promise<Page>;
  stop(): Promise<void>;
}

export interface BenchLite extends BenchPage {
  stop(): Promise<void>;
}

/** The bench's bridge settings: paired, and no call goes pending (each stays one MCP request). */
const bridgeSettings = (mcp: BenchClient) => ({
  serverUrls: [`ws://127.0.0.1:${mcp.port}`],
  token: mcp.pairing.token,
  pendingAfterSeconds: 120
});

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

/**
 * Loads `url` in a new tab of `context` with the bench's probes, and resolves
 * once the server lists `pages` pages: a tab that brings the same tools as
 * another sends no list_changed.
 */
async function openProbedTab(context: BrowserContext, mcp: BenchClient, url: string, pages: number): Promise<Page> {
  const page = await newBenchTab(context);
  await page.addInitScript(instrumentBridgeSocket, mcp.port);
  await page.goto(url);
  await untilServerLists(mcp, pages, `the page at ${url}`);
  return page;
}

/** A new tab that takes the bench's functions: tsx compiles with keepNames, which wraps functions sent to the page in __name(). */
export async function newBenchTab(opener: { newPage(): Promise<Page> }): Promise<Page> {
  const page = await opener.newPage();
  await page.addInitScript('globalThis.__name ??= (target) => target;');
  return page;
}

/** Resolves once the server lists `pages` pages; `what` names them in the error when they do not come within 90 s. */
export async function untilServerLists(mcp: BenchClient, pages: number, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (((await mcp.call('select_page')).result.pages as unknown[]).length < pages) {
    if (Date.now() > deadline) {
      throw new Error(`${what} did not connect to the server within 90 s:\n${mcp.stderr().slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startBenchLab(): Promise<BenchLab> {
  const mcp = await startBenchClient();
  const configDir = await noIopubLimitConfig();
  const previousConfigPath = process.env.JUPYTER_CONFIG_PATH;
  process.env.JUPYTER_CONFIG_PATH = configDir;
  const lab = await startJupyterLabPage({
    extensions: [BRIDGE_DIR, AI_COMMANDS_FIXTURE_DIR],
    userSettings: { [BRIDGE_PLUGIN]: bridgeSettings(mcp) }
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
  let tabs = 0;
  const openTab = () => {
    const wanted = ++tabs;
    // A workspace of its own, so a tab does not restore the documents another tab had open.
    return openProbedTab(context, mcp, wanted === 1 ? lab.url : `${lab.url}/workspaces/bench-tab-${wanted}`, wanted);
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

/** A JupyterLite site (JavaScript kernel, files in the browser) with its own CLI and browser. */
export async function startBenchLite(): Promise<BenchLite> {
  const mcp = await startBenchClient();
  // A site has no user settings folder: the bridge settings are the site's defaults.
  const site = await startJupyterLiteSite({
    extensions: [BRIDGE_DIR, AI_COMMANDS_FIXTURE_DIR],
    settings: { [BRIDGE_PLUGIN]: bridgeSettings(mcp) }
  });
  const browser = await launchChromium();
  const page = await openProbedTab(await browser.newContext(), mcp, site.url, 1);
  return {
    mcp,
    page,
    async stop() {
      await browser.close();
      await site.stop();
      await mcp.close();
    }
  };
}
