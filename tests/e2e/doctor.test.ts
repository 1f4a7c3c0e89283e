/**
 * jupyter-live-mcp doctor as a person runs it: against a running server with
 * a real JupyterLab page connected, against a port another program holds, and
 * against a setup with no bridge installed and the wrong token.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startJupyterLabPage, type JupyterLabPage } from '../../test-pages/jupyterlab/src/jupyterlab-page.js';
import { launchChromium } from './support/chromium.js';
import { BRIDGE_DIR, BRIDGE_PLUGIN } from './support/lab-with-agent.js';
import { CLI_PATH, freePort, pairingConfig, startMcpSession, type McpSession } from './support/mcp-session.js';

const VERSION: string = JSON.parse(readFileSync(new URL('../../packages/mcp-server/package.json', import.meta.url), 'utf8')).version;
let mcp: McpSession;
let lab: JupyterLabPage;
let browser: Browser;
let squatter: ChildProcess | undefined;

beforeAll(async () => {
  mcp = await startMcpSession();
  lab = await startJupyterLabPage({
    extensions: [BRIDGE_DIR],
    userSettings: { [BRIDGE_PLUGIN]: { serverUrls: [`ws://127.0.0.1:${mcp.port}`], token: mcp.token } }
  });
  browser = await launchChromium();
  const connected = mcp.nextListChanged();
  await (await browser.newPage()).goto(lab.url);
  await connected;
});

afterAll(async () => {
  squatter?.kill();
  await browser?.close();
  await lab?.stop();
  await mcp?.close();
});

/** Runs doctor with this config folder; resolves with its exit code and output (it never throws on exit code 1). */
function doctor(configDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI_PATH, 'doctor', ...args],
      { env: { ...process.env, JUPYTER_LIVE_MCP_CONFIG_DIR: configDir } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      }
    );
  });
}

describe('doctor', () => {
  it('finds nothing wrong with a running server and a connected JupyterLab page, and reports the page', async () => {
    const { code, stdout } = await doctor(
      mcp.configDir,
      '--port',
      String(mcp.port),
      '--data-dir',
      lab.dataDir,
      '--settings-dir',
      lab.settingsDir
    );
    expect(stdout).toContain(`ok       bridge port ${mcp.port}: jupyter-live-mcp ${VERSION} is running here`);
    expect(stdout).toMatch(/ok {7}pairing token: in .*config\.json, readable by you only/);
    expect(stdout).toContain(
      `ok       bridge extension: ${VERSION}, copied into ${path.join(lab.dataDir, 'labextensions', 'jupyter-live-mcp-bridge')}`
    );
    expect(stdout).toContain("ok       token in JupyterLab's settings: matches the server's");
    expect(stdout).toContain('ok       pages connected: 1 page (JupyterLab 4.6.4)');
    expect(stdout).toMatch(/No problems found\.\n$/);
    expect(stdout).not.toContain(mcp.token);
    expect(code).toBe(0);
  });

  it('names the program that holds the port and says how to move', async () => {
    const port = await freePort();
    squatter = spawn('/usr/bin/python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1'], { stdio: 'ignore' });
    await expect.poll(() => isListening(port), { timeout: 15_000 }).toBe(true);
    const { code, stdout } = await doctor(
      mcp.configDir,
      '--port',
      String(port),
      '--data-dir',
      lab.dataDir,
      '--settings-dir',
      lab.settingsDir
    );
    expect(stdout).toContain(
      `PROBLEM  bridge port ${port}: held by python3 (pid ${squatter.pid}: /usr/bin/python3 -m http.server ${port} --bind 127.0.0.1), not by jupyter-live-mcp`
    );
    expect(stdout).toContain('fix: Stop that program, or use another port: start the server with --port <n>');
    expect(code).toBe(1);
  });

  it('says how to fix a missing bridge, a wrong token in the settings and a server with another token', async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'doctor-e2e-'));
    const settingsDir = path.join(scratch, 'settings');
    const settingsFile = path.join(settingsDir, 'jupyter-live-mcp-bridge', 'plugin.jupyterlab-settings');
    await mkdir(path.dirname(settingsFile), { recursive: true });
    await writeFile(settingsFile, JSON.stringify({ token: 'b'.repeat(64), serverUrls: [`ws://127.0.0.1:${mcp.port}`] }), {
      mode: 0o600
    });
    const other = await pairingConfig();

    const { code, stdout } = await doctor(
      other.configDir,
      '--port',
      String(mcp.port),
      '--data-dir',
      path.join(scratch, 'data'),
      '--settings-dir',
      settingsDir
    );
    expect(stdout).toContain(
      `PROBLEM  bridge port ${mcp.port}: a jupyter-live-mcp is running here, but it was started with another pairing token`
    );
    expect(stdout).toContain('fix: Restart your MCP client so the server reads the current token');
    expect(stdout).toContain(`PROBLEM  bridge extension: not installed in any Jupyter data folder (${path.join(scratch, 'data')}, `);
    expect(stdout).toContain(
      '/usr/share/jupyter)\n         fix: Run jupyter-live-mcp install (with --data-dir <dir> if your Jupyter uses another data folder: ' +
        `jupyter --paths lists them), or, in the Python environment your Jupyter runs from, pip install packages/lab-bridge/dist/jupyter_live_mcp_bridge-${VERSION}-py3-none-any.whl`
    );
    expect(stdout).toContain(
      `PROBLEM  token in JupyterLab's settings: the token in ${settingsFile} is not the server's (the page cannot pair)\n         fix: Run jupyter-live-mcp install`
    );
    expect(stdout).toMatch(/3 problems found\. Fix them from the top, then run jupyter-live-mcp doctor again\.\n$/);
    expect(stdout).not.toMatch(new RegExp(`${other.token}|${mcp.token}|bbbbbbbb`));
    expect(code).toBe(1);
  });
});

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
