/**
 * --http end to end: one server started with Streamable HTTP, a real
 * JupyterLab page connected to it, and two MCP clients (two agents, each its
 * own MCP session) working in that page at the same time.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser } from 'playwright-core';
import { startJupyterLabPage, type JupyterLabPage } from '../../test-pages/jupyterlab/src/jupyterlab-page.js';
import { launchChromium } from './support/chromium.js';
import { startHttpServer, type HttpAgent, type HttpServer } from './support/http-server.js';
import { AI_COMMANDS_FIXTURE_DIR, BRIDGE_DIR, BRIDGE_PLUGIN } from './support/lab-with-agent.js';
import { waitFor } from './support/wait-for.js';

let server: HttpServer;
let lab: JupyterLabPage;
let browser: Browser;
let agentA: HttpAgent;
let agentB: HttpAgent;
/** Each agent's list_changed at the page's connection. */
let heard: Promise<void>[];
const NOTEBOOK = 'shared.ipynb';

beforeAll(async () => {
  server = await startHttpServer();
  lab = await startJupyterLabPage({
    extensions: [BRIDGE_DIR, AI_COMMANDS_FIXTURE_DIR],
    userSettings: { [BRIDGE_PLUGIN]: { serverUrls: [`ws://127.0.0.1:${server.port}`], token: server.token } }
  });
  browser = await launchChromium();
  agentA = await server.connect('agent-a');
  agentB = await server.connect('agent-b');
  // list_changed travels on each client's notification stream: wait until both are open.
  await waitFor('both notification streams', async () => (server.stderr().match(/notification stream open/g) ?? []).length === 2);
  heard = [agentA.nextListChanged(), agentB.nextListChanged()];
  await (await browser.newPage()).goto(lab.url);
  await waitFor('the page', async () => (await agentA.call('get_context')).result.success === true);
});

afterAll(async () => {
  await browser?.close();
  await lab?.stop();
  await server?.stop();
});

const ok = (agent: HttpAgent, name: string, args?: Record<string, unknown>) => agent.ok(name, args);
const sessionsOpened = () => (server.stderr().match(/MCP session [0-9a-f]{8} opened/g) ?? []).length;

/** Adds a cell that prints `text` and runs it, as one agent's step. */
async function runCell(agent: HttpAgent, text: string) {
  const { cellId } = await ok(agent, 'add_cell', { notebookPath: NOTEBOOK, content: `print(${JSON.stringify(text)})` });
  return ok(agent, 'run_cell', { notebookPath: NOTEBOOK, cellId });
}

/** A raw POST to the MCP endpoint with these headers; resolves with the status and body. */
function post(headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers }
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      }
    )
      .on('error', reject)
      .end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }));
  });
}

describe('MCP over Streamable HTTP with two agents', () => {
  it('prints its MCP URL on loopback and tells both agents when the page connects', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    await Promise.all(heard);
    for (const agent of [agentA, agentB]) {
      expect((await agent.client.listTools()).tools.map((tool) => tool.name)).toContain('run_cell');
    }
  });

  it('both agents work in the same page at once, and each gets its own results', async () => {
    await ok(agentA, 'create_notebook', { name: NOTEBOOK });
    // Agent B sees the notebook agent A made, once its kernel is up.
    const notebookKernel = async () =>
      ((await ok(agentB, 'get_context')).widgets as { path?: string; kernel?: { id: string } }[]).find((w) => w.path === NOTEBOOK)?.kernel
        ?.id;
    await expect.poll(notebookKernel, { timeout: 30_000 }).toBeDefined();
    const kernelId = (await notebookKernel())!;

    const steps = (agent: HttpAgent, name: string) => async () => {
      const outputs: unknown[] = [];
      for (let i = 0; i < 3; i++) {
        outputs.push((await runCell(agent, `${name} ${i}`)).outputs);
        const code = await ok(agent, 'execute_code', { kernelId, code: `print(${JSON.stringify(name)}, ${i} * 10)` });
        outputs.push(code.outputs);
        expect((await ok(agent, 'get_context')).page).toMatchObject({ app: { name: 'JupyterLab' } });
      }
      return outputs;
    };
    const [fromA, fromB] = await Promise.all([steps(agentA, 'A')(), steps(agentB, 'B')()]);
    const text = (outputs: unknown[]) => outputs.map((output) => (output as { text: string }[]).map((o) => o.text).join(''));
    expect(text(fromA)).toEqual(['A 0\n', 'A 0\n', 'A 1\n', 'A 10\n', 'A 2\n', 'A 20\n']);
    expect(text(fromB)).toEqual(['B 0\n', 'B 0\n', 'B 1\n', 'B 10\n', 'B 2\n', 'B 20\n']);
    // Both agents' cells are in the one notebook the person sees.
    const notebook = await ok(agentB, 'read_notebook', { notebookPath: NOTEBOOK });
    expect((notebook.cells as unknown[]).length).toBeGreaterThanOrEqual(6);
  });

  it('refuses a request with a foreign Origin or Host before any session exists', async () => {
    const opened = sessionsOpened();
    const url = new URL(server.url);
    const origin = await post({ host: url.host, origin: 'https://evil.example' });
    expect(origin).toEqual({ status: 403, body: expect.stringContaining('Origin "https://evil.example" is not allowed') });
    const host = await post({ host: `evil.example:${url.port}` });
    expect(host).toEqual({ status: 403, body: expect.stringContaining('Host "evil.example:') });
    expect(sessionsOpened()).toBe(opened);
  });

  it('refuses an MCP client without the bearer key that token --bearer prints', async () => {
    const client = new Client({ name: 'no-key', version: '0.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(server.url)))).rejects.toThrow(
      /put the key that `jupyter-live-mcp token --bearer` prints/
    );
    expect(server.bearer).toMatch(/^[0-9a-f]{64}$/);
    expect(server.bearer).not.toBe(server.token);
    expect(server.stderr()).toContain('refused an MCP request: this MCP endpoint needs "Authorization: Bearer <key>"');
    // No secret in the log.
    expect(server.stderr()).not.toContain(server.bearer);
    expect(server.stderr()).not.toContain(server.token);
  });

  it('ends a session its agent ends, while the other goes on', async () => {
    const [c, d] = [await server.connect('agent-c'), await server.connect('agent-d')];
    await c.close();
    await expect.poll(() => server.stderr()).toContain(`MCP session ${c.sessionId.slice(0, 8)} closed`);
    expect((await d.call('get_context')).result).toMatchObject({ success: true });
    await d.close();
    await expect.poll(() => server.stderr()).toContain(`MCP session ${d.sessionId.slice(0, 8)} closed`);
  });

  it('stays up without agents until SIGTERM', async () => {
    const alone = await startHttpServer();
    try {
      await (await alone.connect('first')).close();
      await expect.poll(() => alone.stderr()).toMatch(/closed \(0 open\)/);
      // Still there for the next agent.
      const next = await alone.connect('next');
      expect((await next.call('select_page')).result).toMatchObject({ success: true, pages: [] });
      await next.close();
    } finally {
      await alone.stop();
    }
    expect(alone.stderr()).toContain('stopping: SIGTERM');
  });
});
