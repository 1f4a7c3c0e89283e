/**
 * The bridge's wheel as users install it: pip installs the built wheel (--no-index:
 * no PyPI here) into a virtual environment made with --system-site-packages, so
 * Debian's jupyter_server is seen; JupyterLab served by that environment's Python
 * loads the bridge from the environment's share/jupyter; `install`, with the
 * environment active, only writes the pairing, and the page pairs and answers a
 * real MCP client. doctor accepts that bridge, uninstall leaves it to pip, and pip
 * removes it. Needs the build (it makes the wheel) and python3-venv.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJupyterLabPage, type JupyterLabPage } from '../../test-pages/jupyterlab/src/jupyterlab-page.js';
import { launchChromium } from './support/chromium.js';
import { CLI_PATH, freePort, pairingConfig, startMcpSession, type McpSession } from './support/mcp-session.js';

const run = promisify(execFile);
const WHEEL_DIR = fileURLToPath(new URL('../../packages/lab-bridge/dist', import.meta.url));
const VERSION: string = JSON.parse(readFileSync(new URL('../../packages/lab-bridge/package.json', import.meta.url), 'utf8')).version;

let workDir: string;
let venv: string;
let config: { configDir: string; token: string };
let port: number;
let lab: JupyterLabPage;
let browser: Browser;
let mcp: McpSession | undefined;

/** Where the wheel puts the extension: the environment's share/jupyter, one of Jupyter's data folders. */
const pipBridge = () => path.join(venv, 'share', 'jupyter', 'labextensions', 'jupyter-live-mcp-bridge');

/** This process's environment as `source <venv>/bin/activate` leaves it, with this test's config folder. */
const activated = () => ({
  ...process.env,
  VIRTUAL_ENV: venv,
  PATH: `${path.join(venv, 'bin')}:${process.env.PATH}`,
  JUPYTER_LIVE_MCP_CONFIG_DIR: config.configDir,
  PIP_NO_CACHE_DIR: '1',
  PIP_DISABLE_PIP_VERSION_CHECK: '1'
});

const cli = (...args: string[]) => run(process.execPath, [CLI_PATH, ...args], { env: activated() });
const pip = (...args: string[]) => run(path.join(venv, 'bin', 'python'), ['-m', 'pip', ...args], { env: activated() });
const folders = () => ['--data-dir', lab.dataDir, '--settings-dir', lab.settingsDir];

beforeAll(async () => {
  const wheels = (await readdir(WHEEL_DIR).catch(() => [])).filter((name) => name.endsWith('.whl'));
  if (wheels.length !== 1) {
    throw new Error(
      `Expected the bridge's one wheel in ${WHEEL_DIR}, found ${wheels.length}. Build it: JUPYTER_LIVE_MCP_WHEEL=required scripts/pnpm --filter jupyter-live-mcp-bridge run build`
    );
  }
  workDir = await mkdtemp(path.join(tmpdir(), 'pip-wheel-'));
  venv = path.join(workDir, 'venv');
  config = await pairingConfig();
  port = await freePort();
  await run('/usr/bin/python3', ['-m', 'venv', '--system-site-packages', venv]);
  // --no-deps: the wheel requires the jupyterlab Python package (4.x), which Debian lacks; the
  // page here is the npm-built JupyterLab served by Debian's jupyter_server.
  await pip('install', '--no-index', '--no-deps', path.join(WHEEL_DIR, wheels[0]!));
  lab = await startJupyterLabPage({ python: path.join(venv, 'bin', 'python') });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await lab?.stop();
  await mcp?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('the bridge installed with pip', () => {
  it("pip puts the prebuilt extension and its install.json in the environment's share/jupyter", async () => {
    expect(JSON.parse(await readFile(path.join(pipBridge(), 'install.json'), 'utf8'))).toEqual({
      packageManager: 'python',
      packageName: 'jupyter-live-mcp-bridge',
      uninstallInstructions: 'Use your Python package manager (pip, conda, etc.) to uninstall the package jupyter-live-mcp-bridge'
    });
    expect(JSON.parse(await readFile(path.join(pipBridge(), 'package.json'), 'utf8'))).toMatchObject({
      name: 'jupyter-live-mcp-bridge',
      version: VERSION
    });
    const { stdout } = await pip('show', 'jupyter-live-mcp-bridge');
    expect(stdout).toContain(`Version: ${VERSION}`);
    // The releases it supports: pip refuses it beside JupyterLab 3.
    expect(stdout).toContain('Requires: jupyterlab');
  });

  it('install only writes the pairing, and the page served from the environment loads the bridge, pairs and answers', async () => {
    const { stderr } = await cli('install', ...folders(), '--port', String(port));
    expect(stderr).toContain(`The bridge is installed by pip in ${pipBridge()}: left to pip, so only the pairing is written.`);
    expect(stderr).toMatch(
      /To undo: jupyter-live-mcp uninstall --data-dir \S+ --settings-dir \S+ \(the pairing\), then pip uninstall jupyter-live-mcp-bridge/
    );
    expect(stderr).not.toMatch(/Copied|version/);
    // The page's own data folder stays empty: the bridge it loads is pip's.
    expect(await readdir(path.join(lab.dataDir, 'labextensions'))).toEqual([]);

    mcp = await startMcpSession({ port, ...config });
    const page = await browser.newPage();
    const connected = mcp.nextListChanged();
    await page.goto(lab.url);
    await connected;
    expect((await mcp.call('get_context')).result).toMatchObject({ success: true, app: { name: 'JupyterLab' } });
  });

  it('doctor accepts the bridge pip installed and says so', async () => {
    const { stdout } = await cli('doctor', '--port', String(port), ...folders());
    expect(stdout).toContain(`ok       bridge extension: ${VERSION}, installed by pip in ${pipBridge()}`);
    expect(stdout).toContain('ok       pages connected: 1 page (JupyterLab 4.6.4)');
    expect(stdout).toMatch(/No problems found\.\n$/);
  });

  it('uninstall removes only the pairing and leaves the bridge to pip, which removes it', async () => {
    const file = path.join(lab.settingsDir, 'jupyter-live-mcp-bridge', 'plugin.jupyterlab-settings');
    const { stderr } = await cli('uninstall', ...folders());
    expect(stderr).toContain(
      `The bridge in ${pipBridge()} was installed by pip, so it is left to pip: pip uninstall jupyter-live-mcp-bridge removes it.`
    );
    expect(stderr).toContain(`Removed ${file}`);
    await expect(stat(file)).rejects.toThrow();
    expect((await stat(path.join(pipBridge(), 'package.json'))).isFile()).toBe(true);

    await pip('uninstall', '--yes', 'jupyter-live-mcp-bridge');
    await expect(stat(pipBridge())).rejects.toThrow();
  });
});
