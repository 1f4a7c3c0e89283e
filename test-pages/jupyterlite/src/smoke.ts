// Smoke check of the JupyterLite site in headless Debian Chromium: the Lab UI
// restores, a notebook on the JavaScript kernel runs a cell, the built bridge loads as
// a prebuilt extension with its settings from jupyter-lite.json (it says hello to a
// WebSocket server here), the Notebook UI opens and runs the same notebook, the
// console stays free of errors and no request leaves 127.0.0.1.
//   tsx test-pages/jupyterlite/src/smoke.ts [--verbose]
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { runMain } from '@jupyter-live-mcp/jupyterlite-site/run-main';
import { launchChromium } from '../../jupyterlab/src/script.js';
import { seconds } from '../../jupyterlab/src/smoke-check.js';
import { WebSocketServer } from 'ws';

import { startJupyterLiteSite, type JupyterLiteSite } from './jupyterlite-site.js';

const verbose = process.argv.includes('--verbose');
const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const bridgeDir = path.join(repoDir, 'packages', 'lab-bridge', 'labextension');

/** A stand-in for the MCP server: resolves with the first message a bridge sends. */
async function helloCatcher(): Promise<{ url: string; hello: Promise<unknown>; close(): void }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const hello = new Promise<unknown>((resolve) => {
    server.on('connection', (socket) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    hello,
    close: () => {
      for (const client of server.clients) {
        client.terminate();
      }
      server.close();
    }
  };
}

/** What the page reports, for the failure message and the summary. */
function watchPage(tab: Page, errors: string[], warnings: Set<string>): void {
  tab.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(`console.error: ${message.text()}`);
    } else if (message.type() === 'warning') {
      warnings.add(message.text());
    } else if (verbose) {
      console.error(`[page ${message.type()}] ${message.text()}`);
    }
  });
  tab.on('pageerror', (error) => errors.push(`page error: ${verbose ? error.stack : error.message}`));
  tab.on('requestfailed', (request) => errors.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
}

// Typed views of what the page exposes, for page.evaluate.
interface Panel {
  context: { path: string; save(): Promise<void> };
  sessionContext: {
    ready: Promise<void>;
    session: { kernel: { name: string; info: Promise<unknown> } };
  };
  content: { activeCell: { model: { sharedModel: { setSource(source: string): void } } } };
}
interface App {
  name: string;
  version: string;
  restored: Promise<void>;
  commands: { execute(id: string, args?: object): Promise<unknown> };
  shell: { currentWidget: unknown };
  serviceManager: { kernelspecs: { ready: Promise<void>; specs: { default: string; kernelspecs: Record<string, unknown> } } };
}
declare const jupyterapp: App;
// The notebook the Lab UI created, kept in the page between evaluate calls.
declare let smokePanel: Panel;

async function waitForApp(tab: Page, url: string): Promise<number> {
  const started = Date.now();
  await tab.goto(url);
  await tab.waitForFunction(() => 'jupyterapp' in globalThis, undefined, { timeout: 60_000 });
  await tab.evaluate(() => jupyterapp.restored);
  return Date.now() - started;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(bridgeDir, 'package.json'))) {
    throw new Error(`The bridge is not built (${bridgeDir} is missing): run the build first (scripts/pnpm build).`);
  }
  const catcher = await helloCatcher();
  let site: JupyterLiteSite | undefined;
  let browser: Browser | undefined;
  try {
    site = await startJupyterLiteSite({
      extensions: [bridgeDir],
      // Any well-formed pairing token: the stand-in server only reads the bridge's hello.
      settings: { 'jupyter-live-mcp-bridge:plugin': { serverUrls: [catcher.url], token: 'ab'.repeat(32) } },
      ...(verbose ? { log: (line: string) => console.error(line) } : {})
    });
    // A fresh profile: nothing stored by an earlier run.
    browser = await launchChromium();
    const context = await browser.newContext();
    const errors: string[] = [];
    const warnings = new Set<string>();
    const offsite = new Set<string>();
    // Every request of the pages and their workers, WebSockets included.
    context.on('request', (request) => {
      const { protocol, hostname } = new URL(request.url());
      if (/^(https?|wss?):$/.test(protocol) && hostname !== '127.0.0.1') {
        offsite.add(request.url());
      }
    });
    const lab = await context.newPage();
    watchPage(lab, errors, warnings);
    const restoredMs = await waitForApp(lab, site.url);
    const identity = await lab.evaluate(async () => {
      await jupyterapp.serviceManager.kernelspecs.ready;
      const { specs } = jupyterapp.serviceManager.kernelspecs;
      return {
        name: jupyterapp.name,
        version: jupyterapp.version,
        kernels: Object.keys(specs.kernelspecs),
        defaultKernel: specs.default
      };
    });

    const kernelStarted = Date.now();
    const notebook = await lab.evaluate(async () => {
      const panel = (await jupyterapp.commands.execute('notebook:create-new', {
        kernelName: 'javascript'
      })) as Panel;
      smokePanel = panel;
      await panel.sessionContext.ready;
      await panel.sessionContext.session.kernel.info;
      panel.content.activeCell.model.sharedModel.setSource('console.log(6*7)');
      return { path: panel.context.path, kernel: panel.sessionContext.session.kernel.name };
    });
    const kernelMs = Date.now() - kernelStarted;

    const runStarted = Date.now();
    await lab.evaluate(() => jupyterapp.commands.execute('notebook:run-cell'));
    await lab.locator('.jp-OutputArea-output', { hasText: '42' }).waitFor({ timeout: 20_000 });
    const runMs = Date.now() - runStarted;
    await lab.evaluate(() => smokePanel.context.save());

    const hello = (await Promise.race([
      catcher.hello,
      new Promise((_, reject) =>
        setTimeout(() => {
          const said = [...warnings].filter((line) => line.includes('[jupyter-live-mcp]'));
          reject(new Error(`the bridge did not connect to the serverUrls from its settings. It said:\n${said.join('\n') || '(nothing)'}`));
        }, 20_000)
      )
    ])) as { type?: string; page?: { app?: { name?: string } } };
    if (hello.type !== 'hello') {
      throw new Error(`the bridge sent ${JSON.stringify(hello)} instead of a hello`);
    }

    // The Notebook UI, same origin: it sees the notebook just saved in the browser.
    const notebookTab = await context.newPage();
    watchPage(notebookTab, errors, warnings);
    const notebookUrl = `${site.notebooksUrl}?path=${encodeURIComponent(notebook.path)}`;
    const notebookRestoredMs = await waitForApp(notebookTab, notebookUrl);
    const notebookApp = await notebookTab.evaluate(async () => {
      const deadline = Date.now() + 20_000;
      while (!(jupyterapp.shell.currentWidget as Panel | null)?.sessionContext) {
        if (Date.now() > deadline) {
          throw new Error('the Notebook UI opened no notebook');
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const panel = jupyterapp.shell.currentWidget as Panel;
      await panel.sessionContext.ready;
      await panel.sessionContext.session.kernel.info;
      panel.content.activeCell.model.sharedModel.setSource('console.log(6*9)');
      await jupyterapp.commands.execute('notebook:run-cell');
      return { name: jupyterapp.name, kernel: panel.sessionContext.session.kernel.name };
    });
    await notebookTab.locator('.jp-OutputArea-output', { hasText: '54' }).waitFor({ timeout: 20_000 });
    const treeTab = await context.newPage();
    watchPage(treeTab, errors, warnings);
    const treeRestoredMs = await waitForApp(treeTab, site.treeUrl);
    await treeTab.locator('.jp-DirListing-item', { hasText: notebook.path }).waitFor({ timeout: 20_000 });

    console.log(`Lab UI: app.name "${identity.name}", app.version "${identity.version}"`);
    console.log(`kernels: ${identity.kernels.join(', ')} (default ${identity.defaultKernel}); notebook kernel: ${notebook.kernel}`);
    console.log(`Lab UI page load -> restored: ${seconds(restoredMs)}`);
    console.log(`new notebook -> kernel ready: ${seconds(kernelMs)}`);
    console.log(`run console.log(6*7) -> 42 shown: ${runMs} ms`);
    console.log(`bridge: loaded, said hello to ${catcher.url} as "${hello.page?.app?.name}"`);
    console.log(
      `Notebook UI (${notebookApp.name}): ${notebook.path} open in ${seconds(notebookRestoredMs)}, ran console.log(6*9) -> 54 on ${notebookApp.kernel}`
    );
    console.log(`Notebook UI tree: restored in ${seconds(treeRestoredMs)}, lists ${notebook.path}`);
    // Shown, not failed on: JupyterLab's own Yjs use warns ("Invalid access...", "Not
    // same Y.Doc"), Notebook 7 warns of its duplicated menu entries and shortcuts, and
    // its tree page of the settings of plugins that only other pages load.
    for (const warning of warnings) {
      console.log(`console.warning (not failed on): ${warning}`);
    }
    if (offsite.size > 0) {
      throw new Error(`requests left 127.0.0.1:\n${[...offsite].join('\n')}`);
    }
    console.log('requests: all to 127.0.0.1');
    if (errors.length > 0) {
      throw new Error(`the pages reported errors:\n${errors.join('\n')}`);
    }
    console.log('console: no errors');
  } finally {
    await browser?.close();
    await site?.stop();
    catcher.close();
  }
}

runMain(main);
