/**
 * The npm packages as they would be published: `pnpm pack` of jupyter-live-mcp (and
 * of @jupyter-live-mcp/protocol, its one workspace dependency, published alongside),
 * installed with npm into an empty folder, and `lite --headless` run from that
 * install by a real MCP client. Needs the build (scripts/setup) and the npm registry.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startMcpSession, type McpSession } from './support/mcp-session.js';
import { waitForPageContext, waitUntilGone } from './support/lite-page.js';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PNPM = path.join(REPO, 'scripts', 'pnpm');

let workDir: string;
let serverTarball: string;
let protocolTarball: string;
let session: McpSession | undefined;

async function pack(packageDir: string): Promise<string> {
  const before = new Set(await readdir(workDir));
  await run('bash', [PNPM, 'pack', '--pack-destination', workDir], { cwd: path.join(REPO, packageDir) });
  const [tarball] = (await readdir(workDir)).filter((name) => name.endsWith('.tgz') && !before.has(name));
  if (!tarball) throw new Error(`pnpm pack of ${packageDir} wrote no tarball into ${workDir}`);
  return path.join(workDir, tarball);
}

async function tarball(file: string, ...args: string[]): Promise<string> {
  return (await run('tar', ['-xzOf', file, ...args], { maxBuffer: 64 * 1024 * 1024 })).stdout;
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'packed-tarball-'));
  protocolTarball = await pack('packages/protocol');
  serverTarball = await pack('packages/mcp-server');
});

afterAll(async () => {
  await session?.close();
  if (session) {
    await waitUntilGone(session.configDir).catch(() => {});
    await rm(session.configDir, { recursive: true, force: true });
  }
  await rm(workDir, { recursive: true, force: true });
});

describe('the packed jupyter-live-mcp', () => {
  it('holds the CLI, the JupyterLite site with the bridge installed, and the labextension, and no token', async () => {
    const files = (await run('tar', ['-tzf', serverTarball], { maxBuffer: 16 * 1024 * 1024 })).stdout.split('\n');
    expect(files).toEqual(
      expect.arrayContaining([
        'package/dist/cli.js',
        'package/dist/lite/start-lite.js',
        'package/lite-site/jupyter-lite.json',
        'package/lite-site/lab/index.html',
        'package/lite-site/notebooks/index.html',
        'package/lite-site/build/bootstrap.js',
        'package/lite-site/extensions/jupyter-live-mcp-bridge/package.json',
        'package/labextension/package.json'
      ])
    );
    const manifest = JSON.parse(await tarball(serverTarball, 'package/package.json'));
    expect(manifest.dependencies['@jupyter-live-mcp/protocol']).toBe(
      JSON.parse(await tarball(protocolTarball, 'package/package.json')).version
    );
    expect(JSON.stringify(manifest.dependencies)).not.toMatch(/workspace:|playwright/);
    const site = JSON.parse(await tarball(serverTarball, 'package/lite-site/jupyter-lite.json'))['jupyter-config-data'];
    expect(site.federated_extensions.map((extension: { name: string }) => extension.name)).toEqual(['jupyter-live-mcp-bridge']);
    // Pairing is added per run when the site is served, never shipped.
    expect(site.settingsOverrides).not.toHaveProperty(['jupyter-live-mcp-bridge:plugin']);
  });

  it('installs with npm into an empty folder, and `lite --headless` from there answers get_context', { timeout: 400_000 }, async () => {
    const appDir = path.join(workDir, 'app');
    await mkdir(appDir, { recursive: true });
    await writeFile(path.join(appDir, 'package.json'), JSON.stringify({ name: 'packed-tarball-check', private: true }));
    const started = Date.now();
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', protocolTarball, serverTarball], {
      cwd: appDir,
      timeout: 300_000
    });
    console.log(`npm install of the packed tarballs: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(existsSync(path.join(appDir, 'node_modules', 'playwright-core'))).toBe(false);

    session = await startMcpSession({
      cli: path.join(appDir, 'node_modules', '.bin', 'jupyter-live-mcp'),
      args: ['lite', '--headless', '--lite-port', String(await freePort())]
    });
    const context = await waitForPageContext(session);
    expect(context).toMatchObject({ success: true, app: { name: 'JupyterLite' } });
    await session.close();
    await waitUntilGone(session.configDir);
  });
});
