/**
 * `jupyter-live-mcp lite` without a browser of its own, as with --open: the
 * person's browser keeps the page open while the server restarts (the MCP
 * client restarted it), and the page pairs again by itself, with the lite
 * page's own token kept for its port.
 */
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { rm } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.js';
import { freePort, startMcpSession, type McpSession } from './support/mcp-session.js';
import { printedPageUrl, waitForPageContext } from './support/lite-page.js';
import { waitFor } from './support/wait-for.js';

const LITE = fileURLToPath(new URL('../../scripts/lite', import.meta.url));

let browser: Browser | undefined;
const sessions: McpSession[] = [];

afterAll(async () => {
  await browser?.close();
  await Promise.all(sessions.map((session) => session.close()));
  if (sessions[0]) await rm(sessions[0].configDir, { recursive: true, force: true });
});

/** Resolves once nothing listens on the port any more. */
async function portFreed(port: number): Promise<void> {
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
  await waitFor(`port ${port} to be free after the server stopped`, async () => !(await listening()), 15_000);
}

describe('jupyter-live-mcp lite, the page in a browser of its own', () => {
  it('pairs again by itself after the server restarts, without a reload', async () => {
    const litePort = await freePort();
    const first = await startMcpSession({ cli: LITE, args: ['--lite-port', String(litePort)] });
    sessions.push(first);
    browser = await launchChromium();
    const page = await browser.newPage();
    await page.goto(printedPageUrl(first).href);
    const { page: before } = (await waitForPageContext(first)) as { page: { pageId: string } };
    // Gone if the page reloads.
    await page.evaluate(() => Object.assign(globalThis, { loadedBeforeRestart: true }));

    await first.close();
    await portFreed(litePort);
    await portFreed(first.port);
    const second = await startMcpSession({
      cli: LITE,
      args: ['--lite-port', String(litePort)],
      port: first.port,
      configDir: first.configDir,
      token: first.token
    });
    sessions.push(second);
    const restarted = Date.now();
    const { page: after } = (await waitForPageContext(second, 30_000)) as { page: { pageId: string } };
    console.info(`lite restarted → the open page answering: ${((Date.now() - restarted) / 1000).toFixed(1)} s`);
    // The same tab, not a reloaded one: a reload would get 403 (the new run has a new secret).
    expect(after.pageId).toBe(before.pageId);
    expect(await page.evaluate(() => (globalThis as { loadedBeforeRestart?: boolean }).loadedBeforeRestart)).toBe(true);
  });
});
