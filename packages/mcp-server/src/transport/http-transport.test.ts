/**
 * The Streamable HTTP endpoint against real SDK clients on a real loopback
 * port: a Server per session on one router, list_changed to every session,
 * sessions and their router listeners gone when they end, and the DNS
 * rebinding checks.
 */
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { BUILT_IN_TOOLS } from '@jupyter-live-mcp/protocol';
import { createLogger } from '../log.js';
import { PageRouter } from '../hub/page-router.js';
import type { PageSession } from '../hub/page-session.js';
import { httpBearer } from './http-auth.js';
import { DEFAULT_MAX_SESSIONS, startMcpHttpEndpoint, type McpHttpEndpoint } from './http-transport.js';
import { buildMcpServer } from '../mcp/mcp-server.js';

let router: PageRouter;
let listeners: number;
let endpoint: McpHttpEndpoint;
const logLines: string[] = [];
const BEARER = httpBearer('a'.repeat(64));
const AUTHORIZATION = { authorization: `Bearer ${BEARER}` };

async function start(limits: { idleMs?: number; maxSessions?: number } = {}) {
  endpoint = await startMcpHttpEndpoint({
    host: '127.0.0.1',
    port: 0,
    allowOrigins: [],
    bearer: BEARER,
    log: createLogger('debug', (line) => logLines.push(line)),
    newServer: () => buildMcpServer({ router, log: createLogger('error', () => {}), version: 'test', bridgeUrl: 'ws://127.0.0.1:1' }),
    ...limits
  });
}

beforeEach(() => {
  logLines.length = 0;
  router = new PageRouter();
  listeners = 0;
  // Counts the router's listeners: every session's Server adds one, and must take it away again.
  const onChange = router.onChange.bind(router);
  router.onChange = (listener) => {
    listeners++;
    const off = onChange(listener);
    return () => {
      listeners--;
      return off();
    };
  };
});

afterEach(async () => {
  await endpoint?.close();
});

async function connect() {
  const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: AUTHORIZATION } });
  const client = new Client({ name: 'test', version: '0' });
  let listChanged = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    listChanged++;
  });
  await client.connect(transport);
  return { client, transport, listChanged: () => listChanged };
}

/** A page with one tool, as the router sees a session. */
const page = {
  identity: { pageId: 'p1', app: { name: 'JupyterLab', version: '4.6.4' }, url: 'u' },
  ready: true,
  readyAt: 1,
  focusedAt: 0,
  tools: BUILT_IN_TOOLS.filter((tool) => tool.name === 'get_context')
} as unknown as PageSession;

const initialize = (headers: Record<string, string> = {}) =>
  fetch(endpoint.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...AUTHORIZATION, ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '0' } }
    })
  });

describe('MCP over Streamable HTTP', () => {
  it("keeps each session's select_page to itself: one agent choosing a page does not move the other", async () => {
    await start();
    const a = await connect();
    const b = await connect();
    const second = { ...page, identity: { ...page.identity, pageId: 'p2' }, readyAt: 2, tools: BUILT_IN_TOOLS } as unknown as PageSession;
    router.update(page);
    router.update(second);
    const currentOf = async (client: Client) => {
      const result = await client.callTool({ name: 'select_page', arguments: {} });
      return (result.structuredContent as { pages: { pageId: string; current: boolean }[] }).pages.find((p) => p.current)?.pageId;
    };
    // Without a selection, the newest page is current for both.
    expect([await currentOf(a.client), await currentOf(b.client)]).toEqual(['p2', 'p2']);
    await a.client.callTool({ name: 'select_page', arguments: { pageId: 'p1' } });
    expect([await currentOf(a.client), await currentOf(b.client)]).toEqual(['p1', 'p2']);
    // The page a selected offers one tool: a's list says so, b's does not change.
    expect((await a.client.listTools()).tools.map((tool) => tool.name)).toEqual(['get_context', 'select_page']);
    expect((await b.client.listTools()).tools).toHaveLength(BUILT_IN_TOOLS.length + 1);
    await a.client.close();
    await b.client.close();
  });

  it('serves several sessions at once, tells each of a new tool list, and forgets each when it ends', async () => {
    await start();
    const a = await connect();
    const b = await connect();
    expect(endpoint.sessionCount).toBe(2);
    expect(listeners).toBe(2);
    // The 23 tools listed before a page connects, and select_page.
    expect((await a.client.listTools()).tools).toHaveLength(24);
    // Notifications travel on each client's GET stream: wait until both are open.
    await expect.poll(() => logLines.filter((line) => line.includes('notification stream open')).length).toBe(2);

    router.update(page);
    await expect.poll(() => [a.listChanged(), b.listChanged()]).toEqual([1, 1]);
    expect((await b.client.listTools()).tools.map((tool) => tool.name)).toEqual(['get_context', 'select_page']);

    await a.transport.terminateSession();
    await a.client.close();
    expect(endpoint.sessionCount).toBe(1);
    expect(listeners).toBe(1);
    expect((await b.client.listTools()).tools).toHaveLength(2);
    await b.transport.terminateSession();
    await b.client.close();
    expect(listeners).toBe(0);
    expect(logLines.join('')).toMatch(/MCP session [0-9a-f]{8} closed \(0 open\)/);
  });

  it('refuses a request that is not an initialize without a session, and keeps no Server for it', async () => {
    await start();
    const response = await fetch(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...AUTHORIZATION },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
    });
    expect(response.status).toBe(400);
    expect(listeners).toBe(0);
    const unknown = await fetch(endpoint.url, {
      method: 'GET',
      headers: { 'mcp-session-id': 'nope', accept: 'text/event-stream', ...AUTHORIZATION }
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('start a new session with initialize');
  });

  it('answers params of the wrong shape as invalid params naming the field, as on stdio, and keeps no Server for them', async () => {
    await start();
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(endpoint.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...AUTHORIZATION, ...headers },
        body
      });
    const badInitialize = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: 5, capabilities: {}, clientInfo: { name: 'x', version: '0' } }
      })
    );
    expect(badInitialize.status).toBe(400);
    expect(await badInitialize.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32602,
        message: expect.stringMatching(/^Invalid initialize params: "params\.protocolVersion" must be a string, not a number/)
      }
    });
    expect(listeners).toBe(0);

    const opened = await initialize();
    const session = { 'mcp-session-id': opened.headers.get('mcp-session-id')!, 'mcp-protocol-version': LATEST_PROTOCOL_VERSION };
    const badMeta = await post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: { _meta: 'x' } }), session);
    expect(badMeta.status).toBe(400);
    expect(await badMeta.json()).toMatchObject({ id: 7, error: { code: -32602, message: expect.stringContaining('_meta') } });
    const list = await post(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/list' }), session);
    expect(list.status).toBe(200);

    const notJson = await post('{"jsonrpc":');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { code: -32700 } });
    const tooLarge = await post(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping', params: { pad: 'x'.repeat(5 * 1024 * 1024) } }));
    expect(tooLarge.status).toBe(413);
  });

  it('closes a session whose client went away without ending it', async () => {
    await start({ idleMs: 100 });
    const response = await initialize();
    expect(response.status).toBe(200);
    await response.text();
    expect(endpoint.sessionCount).toBe(1);
    await expect.poll(() => endpoint.sessionCount, { timeout: 2000 }).toBe(0);
    expect(listeners).toBe(0);
  });

  it('opens at most maxSessions sessions in use: one more is refused with 503 saying what to do, and a session that ends makes room', async () => {
    await start({ maxSessions: 2 });
    expect(DEFAULT_MAX_SESSIONS).toBe(32);
    const a = await connect();
    const b = await connect();
    const refused = await initialize();
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message:
          'This MCP endpoint has 2 sessions open, the most it takes, and each has a stream open or a call in flight. End one ' +
          'you no longer use (close that agent or its MCP connection), or try again when a call has finished.'
      },
      id: null
    });
    expect(endpoint.sessionCount).toBe(2);
    expect(logLines.join('')).toContain('refused a new MCP session: 2 are open and each is in use, the most --http takes');
    await a.transport.terminateSession();
    await a.client.close();
    const third = await connect();
    expect(endpoint.sessionCount).toBe(2);
    expect((await third.client.listTools()).tools.length).toBeGreaterThan(0);
    await Promise.all([b.client.close(), third.client.close()]);
  });

  it('at the cap, closes the session idle longest for a new one, and never one with its stream open', async () => {
    await start({ maxSessions: 2 });
    const inUse = await connect();
    // Initialized, then left without DELETE and without a stream, as a health check leaves its session.
    const left = await initialize();
    await left.text();
    const leftId = left.headers.get('mcp-session-id')!;
    const next = await initialize();
    expect(next.status).toBe(200);
    await next.text();
    expect(endpoint.sessionCount).toBe(2);
    expect(logLines.join('')).toMatch(new RegExp(`closing MCP session ${leftId.slice(0, 8)} to make room for a new one: 2 are open`));
    // The one that gave way is gone; the one in use goes on.
    const gone = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': leftId,
        ...AUTHORIZATION
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' })
    });
    expect(gone.status).toBe(404);
    expect((await inUse.client.listTools()).tools.length).toBeGreaterThan(0);
    // The session that gave way took its router listener with it: two sessions, two listeners.
    expect(listeners).toBe(2);
    await inUse.client.close();
  });

  it('refuses a foreign Origin and a foreign Host before any session exists, and answers only on /mcp', async () => {
    await start();
    const origin = await initialize({ origin: 'https://evil.example' });
    expect(origin.status).toBe(403);
    expect(await origin.text()).toContain('Origin "https://evil.example" is not allowed');
    expect(endpoint.sessionCount).toBe(0);
    const host = await new Promise<number | undefined>((resolve, reject) => {
      const url = new URL(endpoint.url);
      request(
        { host: url.hostname, port: url.port, path: '/mcp', method: 'POST', headers: { host: `evil.example:${url.port}` } },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        }
      )
        .on('error', reject)
        .end('{}');
    });
    expect(host).toBe(403);
    expect(logLines.join('')).toContain('refused an MCP request: Host "evil.example:');
    const elsewhere = await fetch(endpoint.url.replace(/\/mcp$/, '/'), { method: 'GET' });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).toContain('connect your MCP client to /mcp');
    expect(listeners).toBe(0);
  });

  it('refuses a client without the bearer key, or with another, before any session exists, saying where the key comes from', async () => {
    await start();
    for (const authorization of ['', `Bearer ${httpBearer('b'.repeat(64))}`]) {
      const response = await initialize({ authorization });
      expect(response.status).toBe(401);
      // A Bearer challenge would send MCP clients into OAuth, which this server does not offer.
      expect(response.headers.get('www-authenticate')).toBeNull();
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        error: {
          code: -32001,
          message: expect.stringMatching(/^jupyter-live-mcp: .*put the key that `jupyter-live-mcp token --bearer` prints/)
        },
        id: null
      });
    }
    expect(endpoint.sessionCount).toBe(0);
    expect(listeners).toBe(0);
  });

  it('tells an MCP client without the key what to do, in the error it shows', async () => {
    await start();
    const client = new Client({ name: 'no-key', version: '0' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)))).rejects.toThrow(
      /put the key that `jupyter-live-mcp token --bearer` prints into your MCP client's headers/
    );
  });
});
