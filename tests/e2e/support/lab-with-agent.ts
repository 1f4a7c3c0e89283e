/**
 * The setting most end-to-end tests start from: a real MCP client on the built
 * CLI, a real Jupyter page with the bridge (and any other prebuilt extensions)
 * installed as users install them, paired through the bridge settings and open
 * in headless Chromium. The page is JupyterLab 4.6 by default; `startPageWithAgent`
 * starts any of the three page kinds the same way.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRIDGE_PLUGIN_ID as BRIDGE_PLUGIN } from '@jupyter-live-mcp/protocol';
import type { Browser, Page } from 'playwright-core';
import { startJupyterLabPage, type JupyterLabPage } from '../../../test-pages/jupyterlab/src/jupyterlab-page.js';
import { startJupyterLiteSite } from '../../../test-pages/jupyterlite/src/jupyterlite-site.js';
import { startNotebook7Page } from '../../../test-pages/notebook7/src/notebook7-page.js';
import { startJupyterLab40Page, startNotebook72Page } from '../../../test-pages/older-jupyter/src/older-pages.js';
import { launchChromium } from './chromium.js';
import { startMcpSession, type McpSession } from './mcp-session.js';
import { waitFor } from './wait-for.js';

export const BRIDGE_DIR = fileURLToPath(new URL('../../../packages/lab-bridge/labextension', import.meta.url));
/** Test-only stand-in for jupyterlab-ai-commands (see its README header). */
export const AI_COMMANDS_FIXTURE_DIR = fileURLToPath(new URL('../../../test-pages/ai-commands-fixture/labextension', import.meta.url));
/** Test-only example of an extension that gives the agent tools through IAgentTools (docs/extension-tools.md). */
export const EXAMPLE_TOOLS_EXTENSION_DIR = fileURLToPath(
  new URL('../../../test-pages/example-tools-extension/labextension', import.meta.url)
);
export { BRIDGE_PLUGIN };

/** JupyterLab 4.6, Notebook 7.6, JupyterLite 0.8, and the oldest JupyterLab / Notebook minors tested. */
export type PageKind = 'JupyterLab' | 'Notebook 7' | 'JupyterLite' | 'JupyterLab 4.0' | 'Notebook 7.2';

/** What the tests use of a served Jupyter, whatever its kind. */
export interface JupyterSite {
  /** The page with the file browser: JupyterLab's /lab, Notebook 7's /tree, JupyterLite's Lab UI. */
  url: string;
  /**
   * The page that shows only this notebook (Notebook 7, JupyterLite's notebooks
   * UI); absent where every document opens in the one page.
   */
  notebookUrl?: (notebookPath: string) => string;
  /** The folder the server's files are in; absent where they live in the browser (JupyterLite). */
  rootDir?: string;
  /** The Jupyter data folder the server reads kernelspecs and extensions from; absent in JupyterLite. */
  dataDir?: string;
  stop(): Promise<void>;
}

interface SiteOptions {
  extensions: string[];
  bridgeSettings: Record<string, unknown>;
  /** Other plugins' settings, by plugin id. */
  otherSettings: Record<string, Record<string, unknown>>;
  /** Plugins the page does not start (server pages only). */
  disabledExtensions?: string[];
}

const startJupyterLab = ({ extensions, bridgeSettings, otherSettings, disabledExtensions }: SiteOptions): Promise<JupyterLabPage> =>
  startJupyterLabPage({ extensions, disabledExtensions, userSettings: { ...otherSettings, [BRIDGE_PLUGIN]: bridgeSettings } });

const notebookSite =
  (start: typeof startNotebook7Page) =>
  async ({ extensions, bridgeSettings, otherSettings, disabledExtensions }: SiteOptions): Promise<JupyterSite> => {
    const page = await start({ extensions, disabledExtensions, userSettings: { ...otherSettings, [BRIDGE_PLUGIN]: bridgeSettings } });
    return { ...page, notebookUrl: (notebookPath) => page.url.replace(/\/tree$/, `/notebooks/${encodeURI(notebookPath)}`) };
  };

const SITES: Record<PageKind, (options: SiteOptions) => Promise<JupyterSite>> = {
  JupyterLab: startJupyterLab,
  'Notebook 7': notebookSite(startNotebook7Page),
  'JupyterLab 4.0': ({ extensions, bridgeSettings, otherSettings }) =>
    startJupyterLab40Page({ extensions, userSettings: { ...otherSettings, [BRIDGE_PLUGIN]: bridgeSettings } }),
  'Notebook 7.2': notebookSite(startNotebook72Page),
  // A site has no user settings folder: its bridge settings are the site's defaults.
  JupyterLite: async ({ extensions, bridgeSettings, otherSettings }) => {
    const site = await startJupyterLiteSite({ extensions, settings: { ...otherSettings, [BRIDGE_PLUGIN]: bridgeSettings } });
    return {
      url: site.url,
      notebookUrl: (notebookPath) => `${site.notebooksUrl}?path=${encodeURIComponent(notebookPath)}`,
      stop: site.stop
    };
  }
};

export interface PageWithAgent<Site extends JupyterSite = JupyterSite> {
  mcp: McpSession;
  site: Site;
  browser: Browser;
  /** The first browser tab; open() loads it. Tabs it opens appear in page.context(). */
  page: Page;
  /** Console errors the first tab logged so far. */
  consoleErrors: string[];
  /** Loads `url` (default: the site's page) in the first tab and waits until its catalogue reached the server. */
  open(url?: string): Promise<void>;
  /**
   * Writes `text` as the notebook `name` in the site's folder, then loads the
   * page that shows that notebook alone: how a test opens a one-document page
   * (Notebook 7) on a notebook of its own.
   */
  openNotebook(name: string, text: string): Promise<void>;
  /** Resolves once the server has `count` pages connected (a page that brings no new tools sends no list_changed). */
  waitForPages(count: number): Promise<void>;
  /** Creates a notebook with a running kernel (create_notebook) and brings it to the front (open_document). */
  openNewNotebook(name: string): Promise<void>;
  stop(): Promise<void>;
}
export type LabWithAgent = PageWithAgent<JupyterLabPage>;

export interface AgentOptions {
  extensions?: string[];
  bridgeSettings?: Record<string, unknown>;
  /** Settings of other plugins (e.g. the ai-commands fixture's release), by plugin id. */
  otherSettings?: Record<string, Record<string, unknown>>;
  /** More Chromium flags, e.g. --enable-features=WebMCP. */
  chromiumArgs?: string[];
  /** Plugins the page does not start (server pages only), e.g. to take an API away. */
  disabledExtensions?: string[];
}

async function withAgent<Site extends JupyterSite>(
  startSite: (options: SiteOptions) => Promise<Site>,
  options: AgentOptions
): Promise<PageWithAgent<Site>> {
  const mcp = await startMcpSession();
  const site = await startSite({
    extensions: [BRIDGE_DIR, ...(options.extensions ?? [])],
    bridgeSettings: { serverUrls: [`ws://127.0.0.1:${mcp.port}`], token: mcp.token, ...options.bridgeSettings },
    otherSettings: options.otherSettings ?? {},
    disabledExtensions: options.disabledExtensions
  });
  const browser = await launchChromium(options.chromiumArgs);
  // One context for the tabs the page opens (window.open) and the tabs a test opens next to it.
  const page = await (await browser.newContext()).newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    // A resource that failed to load says which only in its location.
    const url = message.location().url;
    if (message.type() === 'error')
      consoleErrors.push(message.text().startsWith('Failed to load resource') && url ? `${message.text()}: ${url}` : message.text());
  });
  const setup: PageWithAgent<Site> = {
    mcp,
    site,
    browser,
    page,
    consoleErrors,
    async open(url = site.url) {
      const listChanged = mcp.nextListChanged();
      await page.goto(url);
      await listChanged;
    },
    async openNotebook(name, text) {
      if (!site.rootDir || !site.notebookUrl) {
        throw new Error(`the site at ${site.url} has no folder and no page per notebook: open it with open() instead`);
      }
      await writeFile(path.join(site.rootDir, name), text);
      await setup.open(site.notebookUrl(name));
    },
    async waitForPages(count) {
      const connected = async () => ((await setup.mcp.call('select_page')).result.pages as unknown[] | undefined)?.length ?? 0;
      await waitFor(`${count} pages to connect`, async () => (await connected()) >= count, 60_000);
    },
    async openNewNotebook(name) {
      await setup.mcp.ok('create_notebook', { name });
      // Opened in the background; in front, the page shows what the checks read.
      await setup.mcp.ok('open_document', { path: name });
    },
    async stop() {
      await browser.close();
      await site.stop();
      // setup.mcp: a test may have replaced the session (a server restart).
      await setup.mcp.close();
    }
  };
  return setup;
}

/** A JupyterLab page with the agent. */
export function startLabWithAgent(options: AgentOptions = {}): Promise<LabWithAgent> {
  return withAgent(startJupyterLab, options);
}

/** A page of any kind with the agent. */
export function startPageWithAgent(kind: PageKind, options: AgentOptions = {}): Promise<PageWithAgent> {
  return withAgent(SITES[kind], options);
}

/** A site of any kind with the bridge installed and these bridge settings, for a test that runs its server itself (--http). */
export function startSite(kind: PageKind, bridgeSettings: Record<string, unknown>): Promise<JupyterSite> {
  return SITES[kind]({ extensions: [BRIDGE_DIR], bridgeSettings, otherSettings: {} });
}

/**
 * Changes one bridge setting in the running page through JupyterLab's setting
 * registry, as the Settings Editor does when the person edits it.
 */
export function setBridgeSetting(page: Page, key: string, value: unknown): Promise<void> {
  return editBridgeSetting(page, key, { value });
}

/** Gives a bridge setting back its default, as the Settings Editor does when the person removes their value. */
export function resetBridgeSetting(page: Page, key: string): Promise<void> {
  return editBridgeSetting(page, key, {});
}

async function editBridgeSetting(page: Page, key: string, change: { value?: unknown }): Promise<void> {
  await page.evaluate(
    async ({ plugin, key, change }) => {
      type Registry = {
        set(plugin: string, key: string, value: unknown): Promise<void>;
        remove(plugin: string, key: string): Promise<void>;
      };
      const app = (
        globalThis as unknown as {
          jupyterapp: {
            pluginRegistry: { _services: Map<{ name: string }, string> };
            resolveRequiredService(token: unknown): Promise<Registry>;
          };
        }
      ).jupyterapp;
      const token = [...app.pluginRegistry._services.keys()].find((t) => t.name === '@jupyterlab/coreutils:ISettingRegistry');
      const registry = await app.resolveRequiredService(token);
      await ('value' in change ? registry.set(plugin, key, change.value) : registry.remove(plugin, key));
    },
    { plugin: BRIDGE_PLUGIN, key, change }
  );
}
