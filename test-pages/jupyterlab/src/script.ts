// What the test pages' scripts (CLIs, smoke checks) share.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const require = createRequire(import.meta.url);

/** Debian's Chromium unless CHROMIUM_PATH names another; never a downloaded browser. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium, headless, with a fresh profile; the flags keep it off this machine's closed network.
 * `extraArgs` adds flags, e.g. --enable-features=WebMCP.
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`${chromiumPath} is missing: install Debian's Chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs
    ]
  });
}

/** Builds a minimal prebuilt extension `name` whose plugin sets window.__probe. */
export async function buildProbeExtension(name: string): Promise<{ dir: string; output: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'probe-extension-'));
  const manifest = {
    name,
    version: '0.0.0',
    type: 'module',
    main: 'index.js',
    jupyterlab: { extension: true, outputDir: 'labextension' }
  };
  await writeFile(path.join(dir, 'package.json'), JSON.stringify(manifest));
  await writeFile(
    path.join(dir, 'index.js'),
    `export default { id: '${name}:plugin', autoStart: true, activate: () => { window.__probe = true; } };\n`
  );
  execFileSync(
    process.execPath,
    [
      require.resolve('@jupyter/builder/lib/build-labextension.js'),
      '--core-package-file',
      require.resolve('@jupyterlab/core-meta/core.package.json'),
      dir
    ],
    { stdio: 'pipe' }
  );
  return { dir, output: path.join(dir, 'labextension') };
}

/**
 * The port (0 picks a free one) and extensions a page CLI serves: the built
 * bridge and those given with --extension; one of the bridge's own name (another
 * build of it) replaces it.
 */
export function cliPageOptions(values: { port?: string; extension?: string[] }): {
  port: number;
  extensions: string[];
} {
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port ${values.port}: expected a port number (0 picks a free one)`);
  }
  const bridgeDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/lab-bridge/labextension');
  if (!existsSync(bridgeDir)) {
    throw new Error(`The bridge is not built (${bridgeDir} is missing): run the build first (scripts/pnpm build).`);
  }
  const added = values.extension ?? [];
  const bridgeName = packageName(bridgeDir);
  return { port, extensions: [...(added.some((dir) => packageName(dir) === bridgeName) ? [] : [bridgeDir]), ...added] };
}

/** The name in a folder's package.json; undefined when there is none to read (the page start says what is wrong). */
function packageName(dir: string): string | undefined {
  try {
    const { name } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown };
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps a page up until Ctrl-C or SIGTERM, then stops it. */
export function stopOnSignal(page: { stop(): Promise<void> }): void {
  const shutdown = () => {
    void page.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
