/**
 * --http end to end: one server started with Streamable HTTP, a real
 * JupyterLab page connected to it, and two MCP clients (two agents, each its
 * own MCP session) working in that page at the same time.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
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
    // run_cell's condensed stream is {stdout}; execute_code's whole one keeps nbformat's text.
    const text = (outputs: unknown[]) =>
      outputs.map((output) => (output as { stdout?: string; text?: string }[]).map((o) => o.stdout ?? o.text).join(''));
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

  it('answers the OAuth discovery of a client without the key with the bearer-key instruction, so no sign-in starts', async () => {
    // What Claude Code and the Inspector do after a 401: the SDK's OAuth flow, with a provider that would open a browser.
    let signInOpened = false;
    const provider: OAuthClientProvider = {
      redirectUrl: 'http://127.0.0.1:1/callback',
      clientMetadata: { redirect_uris: ['http://127.0.0.1:1/callback'], client_name: 'oauth-client' },
      clientInformation: () => undefined,
      saveClientInformation: () => {},
      tokens: () => undefined,
      saveTokens: () => {},
      redirectToAuthorization: () => {
        signInOpened = true;
      },
      saveCodeVerifier: () => {},
      codeVerifier: () => ''
    };
    const asked: string[] = [];
    const client = new Client({ name: 'oauth-client', version: '0.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(server.url), {
      authProvider: provider,
      fetch: async (url, init) => {
        asked.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
        return fetch(url, init);
      }
    });
    await expect(client.connect(transport)).rejects.toThrow(
      'This jupyter-live-mcp endpoint takes no OAuth sign-in but a key in a header: put the key that `jupyter-live-mcp token ' +
        '--bearer` prints into your MCP client\'s headers as "Authorization: Bearer <key>", then reconnect.'
    );
    expect(signInOpened).toBe(false);
    // It looked for OAuth metadata and tried to register, and each answer said what to do.
    expect(asked).toEqual(
      expect.arrayContaining(['GET /.well-known/oauth-protected-resource', 'GET /.well-known/oauth-authorization-server', 'POST /register'])
    );
    // A browser a client opens on /authorize reads the same.
    const authorize = await fetch(new URL('/authorize?client_id=x', server.url));
    expect(authorize.status).toBe(403);
    expect(await authorize.text()).toContain('takes no OAuth sign-in but a key in a header');
  });

  it('ends a session its agent ends, while the other goes on', async () => {
    const [c, d] = [await server.connect('agent-c'), await server.connect('agent-d')];
    await c.close();
    await expect.poll(() => server.stderr()).toContain(`MCP session ${c.sessionId.slice(0, 8)} closed`);
    expect((await d.call('get_context')).result).toMatchObject({ success: true });
    await d.close();
    await expect.poll(() => server.stderr()).toContain(`MCP session ${d.sessionId.slice(0, 8)} closed`);
  });

  it('serves a new client at once after 200 clients that ended without DELETE', async () => {
    const busy = await startHttpServer();
    try {
      const clients = 200;
      const checkAndLeave = async (i: number) => {
        const client = new Client({ name: `health-check-${i}`, version: '0.0.0' });
        await client.connect(
          new StreamableHTTPClientTransport(new URL(busy.url), { requestInit: { headers: { authorization: `Bearer ${busy.bearer}` } } })
        );
        // The SDK client's close() sends no DELETE: the session stays behind, as after `claude mcp list`.
        await client.close();
      };
      // Ten at a time, as several health checks and CLI calls come.
      for (let i = 0; i < clients; i += 10) {
        await Promise.all(Array.from({ length: 10 }, (_, j) => checkAndLeave(i + j)));
      }
      const started = performance.now();
      const next = await busy.connect('next');
      expect((await next.call('select_page')).result).toMatchObject({ success: true, pages: [] });
      expect(performance.now() - started).toBeLessThan(2000);
      await next.close();
      // The cap held: the oldest idle sessions gave way, none was refused.
      expect((busy.stderr().match(/to make room for a new one: 32 are open/g) ?? []).length).toBe(clients + 1 - 32);
      expect(busy.stderr()).not.toContain('refused a new MCP session');
    } finally {
      await busy.stop();
    }
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
