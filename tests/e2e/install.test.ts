/**
 * jupyter-live-mcp install against a real JupyterLab: after install into the
 * page's Jupyter data and settings folders the page connects with no other
 * step; token --rotate rewrites the settings install wrote.
 */
import { execFile } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startJupyterLabPage, type JupyterLabPage } from '../../test-pages/jupyterlab/src/jupyterlab-page.js';
import { launchChromium } from './support/chromium.js';
import { CLI_PATH, freePort, pairingConfig, startMcpSession, type McpSession } from './support/mcp-session.js';

const run = promisify(execFile);
let lab: JupyterLabPage;
let browser: Browser;
let mcp: McpSession | undefined;
let config: { configDir: string; token: string };
let port: number;

/** The CLI as a person runs it, with this test's config folder. */
const cli = (...args: string[]) =>
  run(process.execPath, [CLI_PATH, ...args], { env: { ...process.env, JUPYTER_LIVE_MCP_CONFIG_DIR: config.configDir } });
const install = () => cli('install', '--data-dir', lab.dataDir, '--settings-dir', lab.settingsDir, '--port', String(port));
/** The token in the config folder, which the server reads as it starts. */
const currentToken = async () => JSON.parse(await readFile(path.join(config.configDir, 'config.json'), 'utf8')).token as string;
/** A server started as the MCP client starts it; the one before is stopped. */
async function restartServer() {
  await mcp?.close();
  mcp = await startMcpSession({ port, configDir: config.configDir, token: await currentToken() });
}

beforeAll(async () => {
  config = await pairingConfig();
  port = await freePort();
  lab = await startJupyterLabPage({});
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await lab?.stop();
  await mcp?.close();
});

describe('install', () => {
  it('puts the bridge where JupyterLab loads it, paired, and the page connects with no other step', async () => {
    const { stderr } = await install();
    expect(stderr).toMatch(/Copied the bridge extension to .*labextensions\/jupyter-live-mcp-bridge/);
    expect(stderr).toContain(`To undo: jupyter-live-mcp uninstall --data-dir ${lab.dataDir} --settings-dir ${lab.settingsDir}\n`);
    expect(stderr).not.toContain(await currentToken());

    await restartServer();
    const page = await browser.newPage();
    const connected = mcp!.nextListChanged();
    await page.goto(lab.url);
    await connected;
    expect((await mcp!.call('get_context')).result).toMatchObject({ success: true, app: { name: 'JupyterLab' } });
    await page.close();
  });

  it('token --rotate rewrites the settings install wrote, and the page pairs with the new token', async () => {
    await install();
    const before = await currentToken();
    const { stdout } = await cli('token', '--rotate');
    const token = stdout.trim();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(token).not.toBe(before);
    const settings = JSON.parse(
      await readFile(path.join(lab.settingsDir, 'jupyter-live-mcp-bridge', 'plugin.jupyterlab-settings'), 'utf8')
    );
    expect(settings.token).toBe(token);

    await restartServer();
    const page = await browser.newPage();
    const connected = mcp!.nextListChanged();
    await page.goto(lab.url);
    await connected;
    expect((await mcp!.call('get_context')).result).toMatchObject({ success: true });
    await page.close();
  });

  it("uninstall removes the bridge and the settings install wrote, keeping the person's other bridge settings, also through a reinstall", async () => {
    await install();
    const file = path.join(lab.settingsDir, 'jupyter-live-mcp-bridge', 'plugin.jupyterlab-settings');
    const mine = { confirm: 'all', blockedCommands: ['terminal:*'], disabledTools: ['execute_command'] };
    // The person's own settings beside install's, as Settings → Agent bridge saves them.
    await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), ...mine }));
    const folders = ['--data-dir', lab.dataDir, '--settings-dir', lab.settingsDir];
    const { stderr } = await cli('uninstall', ...folders);
    expect(stderr).toContain(`Removed the token and serverUrls from ${file}; your other bridge settings stay there`);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(mine);
    await expect(stat(path.join(lab.dataDir, 'labextensions', 'jupyter-live-mcp-bridge'))).rejects.toThrow();
    expect(JSON.parse(await readFile(path.join(config.configDir, 'config.json'), 'utf8'))).toMatchObject({
      settingsFiles: [],
      installedKeys: {}
    });

    await cli('install', ...folders);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ ...mine, token: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await cli('uninstall', ...folders);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(mine);
  });
});
