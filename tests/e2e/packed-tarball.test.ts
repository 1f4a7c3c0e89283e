/**
 * The npm package as it would be published: scripts/pack's one tarball of
 * jupyter-live-mcp (its CLI bundled with everything it imports), installed by npm
 * as on a fresh account (an empty HOME and npm cache) with nothing else from the
 * workspace, and `lite --headless` run from that install by a real MCP client.
 * Needs the build (scripts/setup); the tarball has no dependencies to download.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForPageContext, waitUntilGone } from './support/lite-page.js';
import { freePort, pairingConfig, startMcpSession, type McpSession } from './support/mcp-session.js';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const VERSION: string = JSON.parse(readFileSync(path.join(REPO, 'packages/mcp-server/package.json'), 'utf8')).version;

let workDir: string;
let serverTarball: string;
let session: McpSession | undefined;

/** npm as a new user runs it: an empty HOME (no ~/.npmrc), a cache of its own, none of the npm_config_* of whoever runs the tests. */
function freshNpmEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return {
    ...env,
    HOME: path.join(workDir, 'home'),
    npm_config_cache: path.join(workDir, 'npm-cache'),
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false'
  };
}

async function fresh(command: 'npm' | 'npx', args: string[]): Promise<string> {
  const started = Date.now();
  const { stdout } = await run(command, ['--loglevel=error', ...args], { cwd: workDir, env: freshNpmEnv(), timeout: 300_000 });
  console.log(`${command} ${args.join(' ')}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return stdout;
}

async function tarball(file: string, ...args: string[]): Promise<string> {
  return (await run('tar', ['-xzOf', file, ...args], { maxBuffer: 64 * 1024 * 1024 })).stdout;
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'packed-tarball-'));
  await mkdir(path.join(workDir, 'home'));
  serverTarball = (await run('bash', [path.join(REPO, 'scripts', 'pack')])).stdout.trim();
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
  it('is packed into the ignored .pack/ folder', async () => {
    expect(path.dirname(serverTarball)).toBe(path.join(REPO, '.pack'));
    expect((await run('git', ['check-ignore', serverTarball], { cwd: REPO })).stdout.trim()).toBe(serverTarball);
  });

  it('holds the bundled CLI, LICENSE, README, the JupyterLite site with the bridge installed and the labextension, and no token', async () => {
    const files = (await run('tar', ['-tzf', serverTarball], { maxBuffer: 16 * 1024 * 1024 })).stdout.split('\n');
    expect(files).toEqual(
      expect.arrayContaining([
        'package/LICENSE',
        'package/README.md',
        'package/dist/cli.js',
        'package/dist/THIRD-PARTY-LICENSES.txt',
        'package/lite-site/jupyter-lite.json',
        'package/lite-site/lab/index.html',
        'package/lite-site/notebooks/index.html',
        'package/lite-site/build/bootstrap.js',
        'package/lite-site/extensions/jupyter-live-mcp-bridge/package.json',
        'package/labextension/package.json'
      ])
    );
    // The bundle, cli.js and the chunks it loads beside it (the --http transport, lite, install, doctor: loaded when
    // used), and nothing else: the protocol package and the npm dependencies are inside them.
    const chunks = (await readdir(path.join(REPO, 'packages', 'mcp-server', 'dist'))).filter((file) =>
      /^[\w-]+-[A-Z0-9]{8}\.js$/.test(file)
    );
    expect(chunks.length).toBeGreaterThan(0);
    expect(files.filter((file) => file.startsWith('package/dist/')).sort()).toEqual(
      ['THIRD-PARTY-LICENSES.txt', 'cli.js', ...chunks].map((file) => `package/dist/${file}`).sort()
    );
    expect(await tarball(serverTarball, 'package/LICENSE')).toBe(await readFile(path.join(REPO, 'LICENSE'), 'utf8'));
    const notices = await tarball(serverTarball, 'package/dist/THIRD-PARTY-LICENSES.txt');
    for (const bundled of ['@modelcontextprotocol/sdk', 'ws', 'zod']) {
      expect(notices).toMatch(new RegExp(`^${bundled} \\S+ \\(MIT\\)$`, 'm'));
    }
    const manifest = JSON.parse(await tarball(serverTarball, 'package/package.json'));
    expect(manifest).toMatchObject({ name: 'jupyter-live-mcp', version: VERSION, license: 'BSD-3-Clause' });
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(JSON.stringify(manifest)).not.toMatch(/workspace:/);
    const site = JSON.parse(await tarball(serverTarball, 'package/lite-site/jupyter-lite.json'))['jupyter-config-data'];
    expect(site.federated_extensions.map((extension: { name: string }) => extension.name)).toEqual(['jupyter-live-mcp-bridge']);
    // Pairing is added per run when the site is served, never shipped.
    expect(site.settingsOverrides).not.toHaveProperty(['jupyter-live-mcp-bridge:plugin']);
  });

  it('runs with npx -y and after npm install --global, from the tarball alone', { timeout: 300_000 }, async () => {
    // A local tarball's path starts with ./ (or is a file: URL): npx runs a bare absolute path as a command.
    await copyFile(serverTarball, path.join(workDir, path.basename(serverTarball)));
    expect((await fresh('npx', ['-y', `./${path.basename(serverTarball)}`, '--version'])).trim()).toBe(VERSION);
    expect((await fresh('npx', ['-y', `file:${serverTarball}`, '--version'])).trim()).toBe(VERSION);
    // The form `claude mcp add … -- npx` needs: claude takes `-p` as its own option.
    expect((await fresh('npx', ['-y', `--package=${serverTarball}`, 'jupyter-live-mcp', '--version'])).trim()).toBe(VERSION);
    const globalPrefix = path.join(workDir, 'global');
    await fresh('npm', ['install', '--global', '--prefix', globalPrefix, serverTarball]);
    expect((await run(path.join(globalPrefix, 'bin', 'jupyter-live-mcp'), ['--version'])).stdout.trim()).toBe(VERSION);
  });

  it('installs into an empty prefix, and from there `install` copies its bridge and `lite --headless` answers get_context', {
    timeout: 400_000
  }, async () => {
    const prefix = path.join(workDir, 'prefix');
    await fresh('npm', ['install', '--prefix', prefix, serverTarball]);
    // Nothing but the package itself: it has no dependencies.
    expect((await readdir(path.join(prefix, 'node_modules'))).filter((name) => !name.startsWith('.'))).toEqual(['jupyter-live-mcp']);
    const cli = path.join(prefix, 'node_modules', '.bin', 'jupyter-live-mcp');

    // The bundle finds the files shipped beside dist/: the bridge here, the site below.
    const { configDir } = await pairingConfig();
    const dataDir = path.join(workDir, 'jupyter-data');
    await run(cli, ['install', '--data-dir', dataDir, '--settings-dir', path.join(workDir, 'lab-settings')], {
      env: { ...process.env, JUPYTER_LIVE_MCP_CONFIG_DIR: configDir }
    });
    await rm(configDir, { recursive: true, force: true });
    const copied = await readFile(path.join(dataDir, 'labextensions', 'jupyter-live-mcp-bridge', 'package.json'), 'utf8');
    expect(JSON.parse(copied)).toMatchObject({ name: 'jupyter-live-mcp-bridge' });

    session = await startMcpSession({ cli, args: ['lite', '--headless', '--lite-port', String(await freePort())] });
    const context = await waitForPageContext(session);
    expect(context).toMatchObject({ success: true, app: { name: 'JupyterLite' } });
    await session.close();
    await waitUntilGone(session.configDir);
  });
});
