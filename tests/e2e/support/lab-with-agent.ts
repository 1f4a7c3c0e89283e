/**
 * The setting most end-to-end tests start from: a real MCP client on the built
 * CLI, a real JupyterLab 4.6.4 page with the bridge (and any other prebuilt
 * extensions) installed as users install them, open in headless Chromium.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { startJupyterLabPage, type JupyterLabPage } from '../../../test-pages/jupyterlab/src/jupyterlab-page.js';
import { launchChromium } from './chromium.js';
import { startMcpSession, type McpSession } from './mcp-session.js';

export const BRIDGE_DIR = fileURLToPath(new URL('../../../packages/lab-bridge/labextension', import.meta.url));
/** Test-only stand-in for jupyterlab-ai-commands (see its README header). */
export const AI_COMMANDS_FIXTURE_DIR = fileURLToPath(new URL('../../../test-pages/ai-commands-fixture/labextension', import.meta.url));
export const BRIDGE_PLUGIN = 'jupyter-live-mcp-bridge:plugin';

export interface LabWithAgent {
  mcp: McpSession;
  lab: JupyterLabPage;
  browser: Browser;
  page: Page;
  /** Console errors the page logged so far. */
  consoleErrors: string[];
  /** Opens the page and waits until its catalogue reached the server. */
  open(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLabWithAgent(
  options: { extensions?: string[]; bridgeSettings?: Record<string, unknown> } = {}
): Promise<LabWithAgent> {
  const mcp = await startMcpSession();
  const lab = await startJupyterLabPage({
    extensions: [BRIDGE_DIR, ...(options.extensions ?? [])],
    userSettings: { [BRIDGE_PLUGIN]: { serverUrls: [`ws://127.0.0.1:${mcp.port}`], token: mcp.token, ...options.bridgeSettings } }
  });
  const browser = await launchChromium();
  const page = await browser.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const setup: LabWithAgent = {
    mcp,
    lab,
    browser,
    page,
    consoleErrors,
    async open() {
      const listChanged = mcp.nextListChanged();
      await page.goto(lab.url);
      await listChanged;
    },
    async stop() {
      await browser.close();
      await lab.stop();
      // setup.mcp: a test may have replaced the session (a server restart).
      await setup.mcp.close();
    }
  };
  return setup;
}

/**
 * Changes one bridge setting in the running page through JupyterLab's setting
 * registry, as the Settings Editor does when the person edits it.
 */
export async function setBridgeSetting(page: Page, key: string, value: unknown): Promise<void> {
  await page.evaluate(
    async ({ plugin, key, value }) => {
      type Registry = { set(plugin: string, key: string, value: unknown): Promise<void> };
      const app = (globalThis as unknown as { jupyterapp: { pluginRegistry: { _services: Map<{ name: string }, string> }; resolveRequiredService(token: unknown): Promise<Registry> } }).jupyterapp;
      const token = [...app.pluginRegistry._services.keys()].find((t) => t.name === '@jupyterlab/coreutils:ISettingRegistry');
      const registry = await app.resolveRequiredService(token);
      await registry.set(plugin, key, value);
    },
    { plugin: BRIDGE_PLUGIN, key, value }
  );
}
