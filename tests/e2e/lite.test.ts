/**
 * `jupyter-live-mcp lite --headless`: one command gives an agent a live notebook.
 * A real MCP client starts `scripts/lite` (the README's first command), which runs
 * the built CLI's `lite`, which serves the JupyterLite site shipped
 * in the package and opens it in the system's headless Chromium; the client's
 * first call, right after initialize, waits for the page, which pairs by itself,
 * runs code in its JavaScript kernel, and is served only to the holder of the
 * per-run secret. An --open that finds no browser says so, and what to do.
 */
import { request } from 'node:http';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from './support/http-server.js';
import { freePort, startMcpSession, type McpSession } from './support/mcp-session.js';
import { printedPageUrl, processesMentioning, waitForPageContext, waitUntilGone } from './support/lite-page.js';

/** The README's first command, as an MCP client runs it: scripts/lite → jupyter-live-mcp lite. */
const LITE = { cli: fileURLToPath(new URL('../../scripts/lite', import.meta.url)), args: ['--headless', '--lite-port'] };

let session: McpSession;
let litePort: number;
let firstContext: Record<string, unknown>;
/** The notebook the tests write, as the first save names it. */
const NOTEBOOK = 'lite-check.ipynb';

beforeAll(async () => {
  litePort = await freePort();
  const started = Date.now();
  session = await startMcpSession({ cli: LITE.cli, args: [...LITE.args, String(litePort)] });
  const initialized = Date.now();
  // As a one-shot client does: the first call right after initialize, no retry.
  const progress: string[] = [];
  const first = await session.client.callTool({ name: 'get_context', arguments: {} }, undefined, {
    onprogress: ({ message }) => progress.push(message ?? '')
  });
  firstContext = first.structuredContent as Record<string, unknown>;
  console.log(
    `lite: initialized ${((initialized - started) / 1000).toFixed(1)} s after the start; the first get_context answered ` +
      `${((Date.now() - initialized) / 1000).toFixed(1)} s later (progress: ${JSON.stringify(progress)})`
  );
});

afterAll(async () => {
  await session?.close();
  await waitUntilGone(session.configDir).catch(() => {});
  await rm(session.configDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET on the lite site as a browser (or another program) would send it. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port: litePort, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('jupyter-live-mcp lite --headless', () => {
  it("answers the client's first call, made right after initialize, from the JupyterLite page that pairs by itself", () => {
    expect(firstContext).toMatchObject({
      success: true,
      app: { name: 'JupyterLite' },
      page: { url: `http://127.0.0.1:${litePort}/lab/` }
    });
    expect(session.stderr()).toContain(`${printedPageUrl(session).origin}`);
  });

  it("keeps the page's secret off every command line (other local users can read those)", async () => {
    const secret = printedPageUrl(session).searchParams.get('token')!;
    expect(await processesMentioning(session.configDir)).not.toEqual([]);
    expect(await processesMentioning(secret)).toEqual([]);
  });

  it('runs code in the JavaScript kernel', async () => {
    const created = await session.call('execute_command', { commandId: 'notebook:create-new', args: { kernelName: 'javascript' } });
    expect(created.result).toMatchObject({ success: true, result: { type: 'notebook' } });
    const notebookId = (created.result.result as { id: string }).id;
    const notebookWidget = async () =>
      ((await session.call('get_context')).result.widgets as { id: string; kernel?: { status: string } }[]).find(
        (widget) => widget.id === notebookId
      );
    // A cell run while the kernel still starts may be cancelled by the page, as for a person.
    await expect.poll(async () => (await notebookWidget())?.kernel?.status, { timeout: 30_000, interval: 250 }).toBe('idle');
    // Types into the active cell, runs it and adds the next one; the command answers
    // whether the kernel ran the cell without an error.
    const run = async (code: string) => {
      await session.call('execute_command', { commandId: 'notebook:replace-selection', args: { text: code } });
      return (await session.call('execute_command', { commandId: 'notebook:run-cell-and-insert-below' })).result;
    };
    expect(await run('globalThis.answer = 6 * 7')).toEqual({ success: true, result: true });
    expect(await run('if (answer !== 42) throw new Error("the kernel lost its state")')).toEqual({ success: true, result: true });
    expect(await run('throw new Error("an error the kernel reports")')).toEqual({ success: true, result: false });

    // The first save of an untitled notebook asks for its name, as it asks a person.
    const save = (await session.call('execute_command', { commandId: 'docmanager:save' })).result;
    expect(save).toMatchObject({ pending: true, dialogs: [{ title: 'Rename file' }] });
    expect((await session.call('answer_dialog', { button: 'Rename and Save', value: NOTEBOOK })).result).toMatchObject({ success: true });
    expect((await session.call('wait_for_result', { pendingId: save.pendingId })).result).toMatchObject({ success: true });
    expect(await notebookWidget()).toMatchObject({
      path: NOTEBOOK,
      dirty: false,
      kernel: { name: 'javascript', status: 'idle' },
      notebook: { cellCount: 4 }
    });
  });

  it('serves the site only to the holder of the printed URL, paired with this server by a token of its own', async () => {
    const refused = await get('/lab/');
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('Open that link');
    const config = await get('/jupyter-lite.json');
    expect(config.status).toBe(403);
    expect(config.body).not.toContain(session.token);
    expect((await get(`/lab/?token=${'0'.repeat(64)}`)).status).toBe(403);
    expect((await get('/lab/', { cookie: `jupyter-live-mcp-lite-${litePort}=${'0'.repeat(64)}` })).status).toBe(403);

    const printed = printedPageUrl(session);
    const entry = await get(printed.pathname + printed.search);
    expect(entry.status).toBe(302);
    expect(entry.headers.location).toBe('/lab/');
    const setCookie = String(entry.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const cookie = setCookie.split(';')[0]!;

    const paired = await get('/jupyter-lite.json', { cookie });
    expect(paired.status).toBe(200);
    expect(paired.headers['cache-control']).toBe('no-store');
    const overrides = (JSON.parse(paired.body) as { 'jupyter-config-data': { settingsOverrides: Record<string, unknown> } })[
      'jupyter-config-data'
    ].settingsOverrides;
    // A token of its own: whoever gets the page (or its secret) does not get the pairing token
    // the person's JupyterLab pages trust. The page paired with it (get_context answered above).
    expect(overrides['jupyter-live-mcp-bridge:plugin']).toEqual({
      serverUrls: [`ws://127.0.0.1:${session.port}`],
      token: expect.stringMatching(/^[0-9a-f]{64}$/)
    });
    expect(paired.body).not.toContain(session.token);
    expect((await get('/lab/', { cookie })).status).toBe(200);
    // A DNS-rebinding page reaches 127.0.0.1 under a name of its own.
    expect((await get('/lab/', { cookie, host: `rebind.example:${litePort}` })).status).toBe(403);
  });

  it('stops Chromium when the MCP client stops the server; the next run on the same port finds the notebook again', async () => {
    const kept = 'kept-across-runs.ipynb';
    const cells = [{ cell_type: 'code', id: 'kept', metadata: {}, source: '6*7', outputs: [], execution_count: null }];
    const notebook = {
      cells,
      metadata: { kernelspec: { name: 'javascript', display_name: 'JavaScript' } },
      nbformat: 4,
      nbformat_minor: 5
    };
    expect((await session.call('write_file', { filePath: kept, content: JSON.stringify(notebook) })).result).toMatchObject({
      success: true
    });

    const { configDir, token } = session;
    // The headless profile lives in this test's own config folder.
    expect((await processesMentioning(configDir)).length).toBeGreaterThan(0);
    await session.close();
    await waitUntilGone(configDir);
    await expect(get('/lab/')).rejects.toThrow(/ECONNREFUSED/);

    session = await startMcpSession({ configDir, token, cli: LITE.cli, args: [...LITE.args, String(litePort)] });
    await waitForPageContext(session);
    // Files live in the browser's storage, in the profile the next run uses again.
    expect((await session.call('read_notebook', { notebookPath: kept })).result).toMatchObject({
      success: true,
      cells: [expect.objectContaining({ id: 'kept', source: '6*7' })]
    });
  });
});

describe('jupyter-live-mcp lite --open where no browser can be opened', () => {
  it('logs what to do, and answers a call at once with no_page naming it, never repeating the URL', async () => {
    // xdg-open as it behaves without a desktop browser.
    const bin = await mkdtemp(path.join(tmpdir(), 'no-browser-'));
    await writeFile(path.join(bin, 'xdg-open'), '#!/bin/sh\nexit 3\n');
    await chmod(path.join(bin, 'xdg-open'), 0o755);
    const open = await startMcpSession({
      cli: LITE.cli,
      args: ['--open', '--lite-port', String(await freePort())],
      env: { PATH: `${bin}:${process.env.PATH}` }
    });
    try {
      const asked = Date.now();
      const { result } = await open.call('get_context');
      expect(Date.now() - asked).toBeLessThan(10_000);
      expect(result).toMatchObject({ success: false, code: 'no_page' });
      expect(result.error).toContain(
        '(jupyter-live-mcp lite --open) could not be opened in a browser: xdg-open exited with code 3 (it found no program to open a web page with'
      );
      expect(result.error).toMatch(
        /Open the URL the server printed on its stderr .* yourself, or have the MCP client start lite with --headless/
      );
      expect(result.error).not.toMatch(/start this server as|token=/);
      expect(open.stderr()).toMatch(
        /warn: could not open the lite page in a browser: xdg-open exited with code 3 .*Open the URL printed above in a browser yourself, or start lite with --headless/
      );
      const secret = printedPageUrl(open).searchParams.get('token')!;
      expect(open.stderr().split(secret)).toHaveLength(2);
    } finally {
      await open.close();
      await rm(bin, { recursive: true, force: true });
      await rm(open.configDir, { recursive: true, force: true });
    }
  });
});

describe('jupyter-live-mcp lite --http', () => {
  it('lets two agents work on the embedded page at once, and stops Chromium with the server', async () => {
    const server = await startHttpServer(['lite', '--headless', '--lite-port', String(await freePort())]);
    try {
      const [a, b] = [await server.connect('agent-a'), await server.connect('agent-b')];
      const contexts = await Promise.all([a, b].map((agent) => waitForPageContext({ call: agent.call, stderr: server.stderr })));
      expect(contexts.map((context) => context.app)).toEqual([
        expect.objectContaining({ name: 'JupyterLite' }),
        expect.objectContaining({ name: 'JupyterLite' })
      ]);
      expect(contexts[0]!.page).toEqual(contexts[1]!.page);
      await a.close();
      await b.close();
      expect((await processesMentioning(server.configDir)).length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
    await waitUntilGone(server.configDir);
    await rm(server.configDir, { recursive: true, force: true });
  });
});
