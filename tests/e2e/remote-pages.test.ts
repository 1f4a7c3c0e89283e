/**
 * A JupyterLab page served from another host (SPEC §8), played by a real
 * JupyterLab on 127.0.0.2 behind a proxy that Chromium is told is a public
 * address: without Local Network Access the person is told what the browser
 * blocked and the agent hears of it; once allowed, the page pairs in one step
 * through `jupyter-live-mcp pair`'s link and the agent works in it; a link for
 * another origin or another server is refused; and the secret never reaches
 * the page's server.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { pairingConfig } from './support/mcp-session.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJupyterLabPage, type JupyterLabPage } from '../../test-pages/jupyterlab/src/jupyterlab-page.js';
import { launchChromium } from './support/chromium.js';
import { BRIDGE_DIR } from './support/lab-with-agent.js';
import { CLI_PATH, startMcpSession, type McpSession } from './support/mcp-session.js';
import { REMOTE_HOST, loopbackAccess, publicAddressFlag, startRecordingProxy, type RecordingProxy } from './support/remote-host.js';

const run = promisify(execFile);

let mcp: McpSession;
let lab: JupyterLabPage;
let hub: RecordingProxy;
/** The same Jupyter under another origin, one the server is never given. */
let otherHub: RecordingProxy;
let browser: Browser;
let page: Page;
let access: Awaited<ReturnType<typeof loopbackAccess>>;
const jupyterLog: string[] = [];

/** `jupyter-live-mcp pair <url>` as the person runs it on their computer; its stdout is the link. */
async function pair(pageUrl: string, configDir: string, port: number): Promise<{ link: string; said: string }> {
  const { stdout, stderr } = await run(process.execPath, [CLI_PATH, 'pair', pageUrl, '--port', String(port)], {
    env: { ...process.env, JUPYTER_LIVE_MCP_CONFIG_DIR: configDir }
  });
  return { link: stdout.trim(), said: stderr };
}

const notifications = (shown: Page = page) => shown.locator('.jp-toast-message').allInnerTexts();
const statusText = () => page.locator('.jp-live-mcp-status').innerText();
const secretOf = (link: string) => new URL(link).hash.split(':').at(-1)!;

beforeAll(async () => {
  mcp = await startMcpSession();
  // No pairing in the settings: the hub's bridge knows nothing of this computer yet.
  lab = await startJupyterLabPage({ host: REMOTE_HOST, extensions: [BRIDGE_DIR], log: (line) => jupyterLog.push(line) });
  const labPort = Number(new URL(lab.url).port);
  hub = await startRecordingProxy(labPort);
  otherHub = await startRecordingProxy(labPort);
  browser = await launchChromium([publicAddressFlag([hub.port, otherHub.port])]);
  page = await (await browser.newContext()).newPage();
  access = await loopbackAccess(browser);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
  await otherHub?.close();
  await lab?.stop();
  await mcp?.close();
});

describe('a page from another host', () => {
  let link: string;

  it('blocked by the browser: the person reads what to allow, once, and the agent hears which permission', async () => {
    const paired = await pair(`${hub.origin}/lab`, mcp.configDir, mcp.port);
    link = paired.link;
    expect(link).toMatch(new RegExp(`^${hub.origin}/lab#jupyter-live-mcp-pair=${mcp.port}:[0-9a-f]{64}$`));
    expect(secretOf(link)).not.toBe(mcp.token);
    expect(paired.said).toMatch(/Paired pages from http:\/\/127\.0\.0\.2:\d+ .*Local network access/s);

    await page.goto(link);
    // The secret leaves the address bar as soon as the bridge has it.
    await expect.poll(() => page.url(), { timeout: 60_000 }).toBe(`${hub.origin}/lab`);
    await expect.poll(statusText, { timeout: 60_000 }).toBe('Agent: blocked by the browser (allow Local network access)');
    // Several retries later, still one notification.
    await page.waitForTimeout(4_000);
    const blocked = (await notifications()).filter((text) => /blocked this page/.test(text));
    expect(blocked).toEqual([
      'The browser blocked this page from reaching the agent on this computer; nothing was sent. Allow "Local network access" for this site.'
    ]);

    const { result } = await mcp.call('get_context');
    expect(result).toMatchObject({ success: false, code: 'no_page' });
    expect(result.error).toContain(`A page from ${hub.origin} reaches this computer only if its browser allows it`);
    expect(result.error).toContain('Local network access');
    expect(mcp.stderr()).not.toMatch(/page connected/);
  }, 120_000);

  it('allowed later: the page pairs without a reload, keeps the pairing, and the agent works in it', async () => {
    const listChanged = mcp.nextListChanged();
    await access.allow(page, hub.origin);
    await listChanged;
    await expect.poll(statusText, { timeout: 30_000 }).toMatch(/^Agent: 127\.0\.0\.1:\d+ · /);
    await expect
      .poll(async () => (await notifications()).join('\n'))
      .toContain(`paired with the agent on this computer (port ${mcp.port})`);

    const created = await mcp.ok('create_notebook', { name: 'remote.ipynb' });
    const notebookPath = created.notebookPath as string;
    const cell = await mcp.ok('add_cell', {
      notebookPath,
      content: ['%matplotlib inline', 'import matplotlib.pyplot as plt', 'plt.plot([0, 1, 2], [2, 0, 1])', 'plt.show()'].join('\n')
    });
    const ran = await mcp.call('run_cell', { notebookPath, cellId: cell.cellId });
    expect(ran.result).toMatchObject({ success: true, status: 'ok' });
    expect(ran.raw.content).toContainEqual(expect.objectContaining({ type: 'image', mimeType: 'image/png' }));
    const read = await mcp.ok('read_notebook', { notebookPath });
    expect(read.cells).toEqual([expect.objectContaining({ id: cell.cellId, executionCount: 1 })]);

    // A reload, without the link: the browser kept the pairing.
    await page.reload();
    await expect.poll(async () => (await mcp.call('get_context')).result.success, { timeout: 60_000 }).toBe(true);
  }, 180_000);

  it('a page from an origin the server was not given is refused, and the agent hears the flag to use', async () => {
    const elsewhere = await page.context().newPage();
    try {
      await access.allow(elsewhere, otherHub.origin);
      // The link made for the first origin, opened under the other.
      await elsewhere.goto(`${otherHub.origin}/lab${new URL(link).hash}`);
      await expect
        .poll(() => mcp.stderr(), { timeout: 60_000 })
        .toContain(`refused a connection: Origin "${otherHub.origin}" is not allowed`);
      await elsewhere.close();
      await expect.poll(async () => ((await mcp.call('select_page')).result.pages as unknown[]).length).toBe(1);
      await page.close();
      // The closed page's socket goes a moment later.
      await expect.poll(async () => (await mcp.call('get_context')).result.code).toBe('no_page');
      const { result } = await mcp.call('get_context');
      expect(result.error).toContain(
        `A page from ${otherHub.origin} tried to connect, but this server was not given its origin: run "jupyter-live-mcp pair <that page's URL>"`
      );
      expect(result.error).toContain(`--allow-origin ${otherHub.origin}`);
    } finally {
      page = await page.context().newPage();
    }
  }, 120_000);

  it('a link for another server is refused by the page, which keeps the pairing that works', async () => {
    const another = await pairingConfig();
    const { link: wrong } = await pair(`${hub.origin}/lab`, another.configDir, mcp.port);
    await page.goto(wrong);
    await expect
      .poll(async () => (await notifications()).join('\n'), { timeout: 60_000 })
      .toContain(`Refused ws://127.0.0.1:${mcp.port}: it cannot prove the pairing token; nothing was sent. Run jupyter-live-mcp pair`);
    await expect.poll(() => mcp.stderr()).toMatch(new RegExp(`token mismatch: a page from ${hub.origin.replace(/\./g, '\\.')}`));
    const kept = await page.evaluate(
      (key) => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem(key),
      'jupyter-live-mcp-bridge:paired-by-link'
    );
    expect(kept).toBe(`${mcp.port}:${secretOf(link)}`);

    await page.goto(`${hub.origin}/lab`);
    await expect.poll(async () => (await mcp.call('get_context')).result.success, { timeout: 60_000 }).toBe(true);
  }, 120_000);

  it("the secret never reaches the page's server: not in a request, its settings or its log, nor in the agent server's log", async () => {
    const secrets = [secretOf(link), mcp.token];
    const received = hub.received() + otherHub.received();
    expect(received).toContain('GET /lab HTTP/1.1');
    // The page saved things on its server meanwhile (a workspace, a notebook).
    expect(received).toMatch(/PUT \/(lab\/)?api\//);
    const files = await filesUnder(path.dirname(lab.settingsDir));
    for (const secret of secrets) {
      expect(received).not.toContain(secret);
      expect(jupyterLog.join('\n')).not.toContain(secret);
      expect(mcp.stderr()).not.toContain(secret);
      for (const file of files) expect(await readFile(file, 'latin1'), file).not.toContain(secret);
    }
  });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}
