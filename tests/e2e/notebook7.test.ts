/**
 * The same bridge in a real Jupyter Notebook 7 page (served by Debian's
 * jupyter_server, python3 kernel): a one-document page says so in get_context
 * and reports no file browser, and the tools work there too.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startNotebook7Page, type Notebook7Page } from '../../test-pages/notebook7/src/notebook7-page.js';
import { launchChromium } from './support/chromium.js';
import { BRIDGE_DIR, BRIDGE_PLUGIN } from './support/lab-with-agent.js';
import { startMcpSession, type McpSession } from './support/mcp-session.js';

let mcp: McpSession;
let notebook7: Notebook7Page;
let browser: Browser;
let page: Page;

const emptyNotebook = {
  cells: [{ cell_type: 'code', id: 'first-cell', metadata: {}, source: '', outputs: [], execution_count: null }],
  metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } },
  nbformat: 4,
  nbformat_minor: 5
};

beforeAll(async () => {
  mcp = await startMcpSession();
  notebook7 = await startNotebook7Page({
    extensions: [BRIDGE_DIR],
    userSettings: { [BRIDGE_PLUGIN]: { serverUrls: [`ws://127.0.0.1:${mcp.port}`], token: mcp.token } }
  });
  await writeFile(path.join(notebook7.rootDir, 'seven.ipynb'), JSON.stringify(emptyNotebook));
  browser = await launchChromium();
  page = await browser.newPage();
  const connected = mcp.nextListChanged();
  await page.goto(notebook7.url.replace(/\/tree$/, '/notebooks/seven.ipynb'));
  await connected;
});

afterAll(async () => {
  await browser?.close();
  await notebook7?.stop();
  await mcp?.close();
});

describe('Jupyter Notebook 7', () => {
  it('get_context names Jupyter Notebook 7, has the note of a one-document page and no file browser', async () => {
    await expect
      .poll(async () => (await mcp.call('get_context')).result, { timeout: 30_000 })
      .toMatchObject({
        success: true,
        app: { name: 'Jupyter Notebook', version: expect.stringMatching(/^7\.6\./) },
        fileBrowserPath: null,
        note: expect.stringContaining('open_document opens another document in a new browser tab'),
        widgets: [expect.objectContaining({ type: 'notebook', path: 'seven.ipynb' })]
      });
  });

  it('runs a cell through execute_command and the page shows 42', async () => {
    await expect
      .poll(async () => ((await mcp.call('get_context')).result.kernels as { status: string }[])[0]?.status, { timeout: 60_000 })
      .toBe('idle');
    expect((await mcp.call('execute_command', { commandId: 'notebook:replace-selection', args: { text: 'print(6*7)' } })).result).toMatchObject({ success: true });
    expect((await mcp.call('execute_command', { commandId: 'notebook:run-cell', args: { activate: false } })).result).toEqual({ success: true, result: true });
    await expect.poll(() => page.locator('.jp-OutputArea-output').allInnerTexts(), { timeout: 30_000 }).toEqual(['42\n']);
  });
});
