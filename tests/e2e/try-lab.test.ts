/**
 * scripts/try-lab as a person runs it: on a built repo it starts at once,
 * building nothing (scripts/stale says what a change makes stale), and serves a
 * real JupyterLab with the bridge and an --extension next to it; scripts/pnpm
 * keeps pnpm's "Update available" notice out.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildProbeExtension } from '../../test-pages/jupyterlab/src/script.js';
import { launchChromium } from './support/chromium.js';
import { pairingConfig } from './support/mcp-session.js';

const run = promisify(execFile);
const script = (name: string) => fileURLToPath(new URL(`../../scripts/${name}`, import.meta.url));
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** scripts/stale's exit code: 0 when `output` needs building. */
const stale = (output: string, ...sources: string[]) =>
  run(script('stale'), [output, ...sources]).then(
    () => 0,
    (error: { code: number }) => error.code
  );

describe('scripts/stale', () => {
  it("says an output needs building when it is missing or a source under its folders changed since, not for builds' own files", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'stale-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const file = async (name: string, seconds: number) => {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), '');
      await utimes(path.join(dir, name), seconds, seconds);
    };
    await file('pkg/src/a.ts', 1_000);
    await file('pkg/dist/index.js', 2_000);
    expect(await stale(path.join(dir, 'pkg/dist/index.js'), path.join(dir, 'pkg'))).toBe(1);
    expect(await stale(path.join(dir, 'pkg/dist/missing.js'), path.join(dir, 'pkg'))).toBe(0);
    // Installed dependencies, build output and files that are no sources do not count.
    await file('pkg/node_modules/dep/index.ts', 3_000);
    await file('pkg/lib/a.ts', 3_000);
    await file('pkg/notes.txt', 3_000);
    expect(await stale(path.join(dir, 'pkg/dist/index.js'), path.join(dir, 'pkg'))).toBe(1);
    await file('pkg/src/b.json', 3_000);
    expect(await stale(path.join(dir, 'pkg/dist/index.js'), path.join(dir, 'pkg'))).toBe(0);
  });
});

describe('scripts/pnpm', () => {
  it('runs pnpm with its update notice off: the version is pinned', async () => {
    const { stdout } = await run(script('pnpm'), ['config', 'get', 'update-notifier']);
    expect(stdout.trim()).toBe('false');
  });
});

describe('scripts/try-lab', () => {
  it('starts at once on a built repo and serves JupyterLab with the bridge and an --extension next to it', async () => {
    const probe = await buildProbeExtension('try-lab-probe');
    cleanups.push(() => rm(probe.dir, { recursive: true, force: true }));
    const { configDir } = await pairingConfig();
    cleanups.push(() => rm(configDir, { recursive: true, force: true }));

    const started = Date.now();
    // Its own process group, so stopping it reaches the Jupyter server it starts.
    const child: ChildProcess = spawn(script('try-lab'), ['--port', '0', '--server-port', '9123', '--extension', probe.output], {
      env: { ...process.env, JUPYTER_LIVE_MCP_CONFIG_DIR: configDir },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe']
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(-child.pid!, 'SIGTERM');
        await exited;
      }
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`scripts/try-lab exited (${code}) before it printed the URL:\n${stderr}`)));
    });
    console.log(`try-lab: the page URL came ${((Date.now() - started) / 1000).toFixed(1)} s after the start`);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/lab$/);
    expect(stderr).not.toMatch(/scripts\/try-lab: (building|installing)|Update available/);
    // It says where the page's files are, and pairs the page with the server's port it was given.
    const folder = /The page's files are in (\S+); it pairs with the server at ws:\/\/127\.0\.0\.1:9123\./.exec(stderr)?.[1];
    expect(folder && existsSync(folder)).toBe(true);

    const browser = await launchChromium();
    cleanups.push(() => browser.close());
    const page = await browser.newPage();
    await page.goto(url);
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const app = (globalThis as unknown as { jupyterapp?: { commands: { listCommands(): string[] } } }).jupyterapp;
            return {
              probe: (globalThis as { __probe?: boolean }).__probe === true,
              bridge: app?.commands.listCommands().some((id) => id.startsWith('jupyter-live-mcp:')) ?? false
            };
          }),
        { timeout: 60_000 }
      )
      .toEqual({ probe: true, bridge: true });
    const settings = await page.evaluate(
      async () => (await (await fetch('/lab/api/settings/jupyter-live-mcp-bridge:plugin')).json()) as { raw: string }
    );
    expect(JSON.parse(settings.raw).serverUrls).toEqual(['ws://127.0.0.1:9123']);
  });
});
