/**
 * The bridge endpoint against real WebSocket clients on a real loopback port:
 * the handshake, calls and results, and what happens to bad frames.
 */
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { PROTOCOL_VERSION, isValidProof, proofOf, type ServerMessage } from '@jupyter-live-mcp/protocol';
import { createLogger } from '../log.js';
import { bridgePortAdvice, type BridgeEndpoint, type ServerRole } from './bridge-endpoint.js';
import { SELECT_PAGE_TOOL } from '../mcp/select-page.js';
import { pageIdOf } from './page-id.js';
import { PageRouter } from './page-router.js';
import { startTestEndpoint } from './test-endpoint.test-support.js';

const TOKEN = 'a'.repeat(64);
const PAGE_NONCE = '1'.repeat(64);
const logLines: string[] = [];
let endpoint: BridgeEndpoint;
let router: PageRouter;

beforeEach(async () => {
  logLines.length = 0;
  router = new PageRouter();
  endpoint = await startTestEndpoint({
    token: TOKEN,
    router,
    log: createLogger('debug', (line) => logLines.push(line)),
    handshakeTimeoutMs: 500
  });
});

afterEach(async () => {
  await endpoint.close();
});

/** A scripted page: connects and collects what the server sends. */
async function page(headers: Record<string, string> = { origin: 'http://127.0.0.1:8888' }) {
  const socket = new WebSocket(endpoint.url, { headers });
  const received: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    received.push(JSON.parse(data.toString()));
    for (const wake of waiters.splice(0)) {
      wake();
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = async (): Promise<ServerMessage> => {
    while (received.length === 0) {
      await new Promise<void>((wake) => waiters.push(wake));
    }
    return received.shift()!;
  };
  const send = (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  return { socket, next, send, closed };
}

/** The page's first message, naming the port it dialled: this endpoint's. */
const hello = () => ({ type: 'hello', protocol: PROTOCOL_VERSION, port: endpoint.port, nonce: PAGE_NONCE });
/** Who the page is: sent with its proof. */
const identity = {
  bridgeVersion: '0.1.0',
  page: { pageId: 'page-a', app: { name: 'JupyterLab', version: '4.6.4' }, url: 'http://127.0.0.1:8888/lab' }
};
const tool = {
  name: 'get_context',
  description: 'd',
  inputSchema: { type: 'object' },
  hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false }
};

/** What a page dialling this endpoint proves over. */
const exchange = (serverNonce: string) => ({ port: endpoint.port, pageNonce: PAGE_NONCE, serverNonce });

/** The server proves the token first; the page answers with its own proof. */
async function provedPage(token = TOKEN) {
  const p = await page();
  p.send(hello());
  const challenge = (await p.next()) as { type: string; nonce: string; proof: string };
  expect(challenge.type).toBe('challenge');
  expect(isValidProof(challenge.proof, TOKEN, 'server', exchange(challenge.nonce))).toBe(true);
  p.send({ type: 'proof', proof: proofOf(token, 'page', exchange(challenge.nonce)), ...identity });
  return p;
}

async function connectedPage() {
  const p = await provedPage();
  expect(await p.next()).toEqual({
    type: 'welcome',
    protocol: PROTOCOL_VERSION,
    serverVersion: 'test',
    heartbeatMs: 30_000,
    answerHeartbeats: true
  });
  const changed = new Promise<void>((resolve) => router.onChange(resolve));
  p.send({ type: 'catalogue', tools: [tool] });
  await changed;
  return p;
}

describe('bridge endpoint', () => {
  it('welcomes a page, lists its tools and forwards a call and its result', async () => {
    const p = await connectedPage();
    expect(router.current()?.identity?.pageId).toBe('page-a');
    expect(router.current()?.tools.map((t) => t.name)).toEqual(['get_context']);

    const pending = router.current()!.call('get_context', {});
    const call = await p.next();
    expect(call).toEqual({ type: 'call', callId: 'c1', tool: 'get_context', args: {} });
    p.send({ type: 'result', callId: 'c1', result: { success: true, app: 'x' }, images: [{ mimeType: 'image/png', data: 'iVBOR' }] });
    expect(await pending).toEqual({ result: { success: true, app: 'x' }, images: [{ mimeType: 'image/png', data: 'iVBOR' }] });

    const named = router.current()!.call('get_context', {}, undefined, { id: 'a1', client: 'claude-code' });
    expect(await p.next()).toEqual({
      type: 'call',
      callId: 'c2',
      tool: 'get_context',
      args: {},
      agent: { id: 'a1', client: 'claude-code' }
    });
    p.send({ type: 'result', callId: 'c2', result: { success: true } });
    await named;
  });

  it('pairs with no page that dialled another port: a program relaying the handshake between ports gets nowhere', async () => {
    const relayPort = endpoint.port + 1;
    // Relayed as it is, the hello names the relay's port: refused, saying what a person can do.
    const naive = await page();
    naive.send({ ...hello(), port: relayPort });
    expect(await naive.closed).toEqual({
      code: 4409,
      reason: `dialled port ${relayPort} is not this server's; if a forward is yours: --public-port ${relayPort}`
    });
    expect(logLines.join('')).toMatch(
      new RegExp(`it dialled port ${relayPort}, but this server answers on ${endpoint.port}.*--public-port ${relayPort}`)
    );

    // Rewritten to this server's port, the proofs name this port, which the page did not dial:
    // the page refuses the server's proof, and a page proof for the relay's port is refused here.
    const p = await page();
    p.send(hello());
    const challenge = (await p.next()) as { nonce: string; proof: string };
    const relayed = { ...exchange(challenge.nonce), port: relayPort };
    expect(isValidProof(challenge.proof, TOKEN, 'server', relayed)).toBe(false);
    p.send({ type: 'proof', proof: proofOf(TOKEN, 'page', relayed), ...identity });
    expect(await p.closed).toMatchObject({ code: 4401 });
    expect(router.pageCount).toBe(0);
  });

  it('pairs a page that dials a --public-port (a forward of its own), the proofs naming that port', async () => {
    await endpoint.close();
    endpoint = await startTestEndpoint({ token: TOKEN, router, publicPorts: [18767] });
    const p = await page();
    p.send({ ...hello(), port: 18767 });
    const challenge = (await p.next()) as { nonce: string; proof: string };
    const forwarded = { ...exchange(challenge.nonce), port: 18767 };
    expect(isValidProof(challenge.proof, TOKEN, 'server', forwarded)).toBe(true);
    p.send({ type: 'proof', proof: proofOf(TOKEN, 'page', forwarded), ...identity });
    expect(await p.next()).toMatchObject({ type: 'welcome' });
  });

  it("pairs pages from origins given their own token (lite's page) with that token only", async () => {
    const liteToken = 'c'.repeat(64);
    endpoint.pairOrigins(['http://127.0.0.1:8768'], liteToken, 'lite');
    const handshake = async (origin: string, token: string) => {
      const p = await page({ origin });
      p.send(hello());
      const challenge = (await p.next()) as { nonce: string; proof: string };
      const proves = { lite: isValidProof(challenge.proof, liteToken, 'server', exchange(challenge.nonce)) };
      p.send({ type: 'proof', proof: proofOf(token, 'page', exchange(challenge.nonce)), ...identity });
      return { proves, answer: await Promise.race([p.next(), p.closed]) };
    };
    expect(await handshake('http://127.0.0.1:8768', liteToken)).toEqual({
      proves: { lite: true },
      answer: expect.objectContaining({ type: 'welcome' })
    });
    expect(await handshake('http://127.0.0.1:8768', TOKEN)).toEqual({
      proves: { lite: true },
      answer: expect.objectContaining({ code: 4401 })
    });
    expect(await handshake('http://127.0.0.1:8888', TOKEN)).toEqual({
      proves: { lite: false },
      answer: expect.objectContaining({ type: 'welcome' })
    });
  });

  describe('two tokens on one endpoint', () => {
    const LITE_ORIGIN = 'http://127.0.0.1:8768';
    const liteToken = 'c'.repeat(64);
    const selectPage = (args: Record<string, unknown> = {}, selection = {}) =>
      SELECT_PAGE_TOOL.run(args, { router, selection, toolListMayHaveChanged: () => {} });

    /** A page proving `token` from `origin` as `pageId`, with its catalogue sent. */
    async function pageAs(origin: string, token: string, pageId: string, focused = false) {
      const p = await page({ origin });
      p.send(hello());
      const challenge = (await p.next()) as { nonce: string };
      const proof = proofOf(token, 'page', exchange(challenge.nonce));
      p.send({ type: 'proof', proof, ...identity, page: { ...identity.page, pageId }, focused });
      expect(await p.next()).toMatchObject({ type: 'welcome' });
      const changed = new Promise<void>((resolve) => router.onChange(resolve));
      p.send({ type: 'catalogue', tools: [tool] });
      await changed;
      return p;
    }

    it("a page of lite's token claiming a JupyterLab page's id and the focus gets none of its calls", async () => {
      endpoint.pairOrigins([LITE_ORIGIN], liteToken, 'lite');
      const lab = await pageAs('http://127.0.0.1:8888', TOKEN, 'page-a');
      const impostor = await pageAs(LITE_ORIGIN, liteToken, 'page-a', true);
      impostor.send({ type: 'page-state', focused: true });
      await expect.poll(() => router.pages().find((p) => p.scope === 'lite')?.focusedAt).toBeGreaterThan(0);

      expect(router.pages().map(pageIdOf).sort()).toEqual(['lite:page-a', 'page-a']);
      expect(logLines.join('')).toContain('page connected: lite:page-a (JupyterLab');
      for (const selected of [undefined, 'page-a']) {
        const pending = router.current(selected)!.call('get_context', {});
        const sent = (await lab.next()) as { callId: string };
        expect(sent).toMatchObject({ type: 'call', tool: 'get_context' });
        lab.send({ type: 'result', callId: sent.callId, result: { success: true } });
        await pending;
      }
      expect(selectPage()).toMatchObject({
        pages: [
          { pageId: 'page-a', current: true },
          { pageId: 'lite:page-a', focused: true, current: false }
        ]
      });
      // Chosen by its own id, lite's page is called; the JupyterLab page stays connected throughout.
      expect(selectPage({ pageId: 'lite:page-a' }, {})).toMatchObject({ selected: 'lite:page-a' });
      void router.current('lite:page-a')!.call('get_context', {});
      expect(await impostor.next()).toMatchObject({ type: 'call', tool: 'get_context' });
      expect(router.pages()).toHaveLength(2);
      lab.socket.close();
      await expect.poll(() => router.current() && pageIdOf(router.current()!)).toBe('lite:page-a');
    });

    it('a page of the pairing token claiming a connected page id replaces it: the older socket is closed saying why', async () => {
      const first = await pageAs('http://127.0.0.1:8888', TOKEN, 'page-a');
      const inFlight = router.current()!.call('get_context', {});
      await first.next();
      const second = await pageAs('http://127.0.0.1:8888', TOKEN, 'page-a');
      expect((await inFlight).result).toMatchObject({ success: false, code: 'page_disconnected' });
      expect(await first.closed).toEqual({
        code: 4410,
        reason: expect.stringContaining('another connection proved the token as this page')
      });
      expect(router.pages()).toHaveLength(1);
      void router.current()!.call('get_context', {});
      expect(await second.next()).toMatchObject({ type: 'call', tool: 'get_context' });
      expect(logLines.join('')).toMatch(/closing page page-a .*another connection proved the token as this page/);
    });
  });

  it('logs nothing an unproved page says, and what a paired page says only quoted: no page can forge log lines', async () => {
    const forged = 'http://127.0.0.1:8888/lab\n[jupyter-live-mcp] info: page connected: FORGED\u001b[2J';
    const forger = { ...identity, page: { ...identity.page, url: forged } };
    const stranger = await page();
    stranger.send(hello());
    const challenge = (await stranger.next()) as { nonce: string };
    stranger.send({ type: 'error', message: 'x\n[jupyter-live-mcp] info: page connected: FORGED' });
    stranger.send({ type: 'proof', proof: proofOf('f'.repeat(64), 'page', exchange(challenge.nonce)), ...forger });
    await stranger.closed;
    await expect.poll(() => logLines.join('')).toMatch(/token mismatch: a page from http:\/\/127\.0\.0\.1:8888 tried to connect/);
    expect(logLines.join('')).not.toContain('FORGED');

    const paired = await page();
    paired.send(hello());
    const second = (await paired.next()) as { nonce: string };
    paired.send({
      type: 'proof',
      proof: proofOf(TOKEN, 'page', exchange(second.nonce)),
      ...forger,
      page: { ...forger.page, pageId: 'p\nFORGED' }
    });
    expect(await paired.next()).toMatchObject({ type: 'welcome' });
    paired.send({ type: 'error', message: 'x\n[jupyter-live-mcp] info: page connected: FORGED' });
    await expect.poll(() => logLines.join('')).toMatch(/reports: x\\u000a/);
    const log = logLines.join('');
    expect(log).toContain('/lab\\u000a[jupyter-live-mcp] info: page connected: FORGED\\u001b[2J');
    expect(log.split('\n').filter((line) => line.includes('FORGED') && !line.includes('\\u000a'))).toEqual([]);
    expect(log).not.toContain('\u001b');
  });

  it('escapes what a sender without the token put in a refusal: object keys in zod issue paths, header bytes', async () => {
    const forged = '\n[jupyter-live-mcp] info: page connected: FORGED\u001b[2J\u009b';
    const stranger = await page();
    stranger.send({ type: 'catalogue', tools: [{ ...tool, inputSchema: { type: 'object', properties: { [forged]: 1 } } }] });
    expect((await stranger.closed).code).toBe(4400);
    // A close reason is at most 123 bytes: one cut by characters would be too long here, and the socket would stay open.
    const wide = await page();
    wide.send({ type: 'catalogue', tools: [{ ...tool, inputSchema: { type: 'object', properties: { ['€'.repeat(99)]: 1 } } }] });
    const { code, reason } = await wide.closed;
    expect({ code, bytes: Buffer.byteLength(reason) <= 123 }).toEqual({ code: 4400, bytes: true });
    await expect.poll(() => logLines.join('')).toContain('properties.\\u000a[jupyter-live-mcp] info: page connected: FORGED');

    // An Origin with a C1 control byte (0x9b, CSI to some terminals): refused, and escaped in the log.
    const raw = connect(endpoint.port, '127.0.0.1');
    raw.write(
      Buffer.concat([
        Buffer.from('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nOrigin: http://x'),
        Buffer.from([0x9b]),
        Buffer.from('\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n')
      ])
    );
    await new Promise((resolve) =>
      raw
        .on('data', () => raw.destroy())
        .on('close', resolve)
        .on('error', resolve)
    );
    await expect.poll(() => logLines.join('')).toContain('refused a connection: Origin "http://x\\u009b" is not allowed');
    const log = logLines.join('');
    expect(log.split('\n').filter((line) => line.includes('FORGED') && !line.includes('\\u000a'))).toEqual([]);
    expect([...log].filter((char) => char === '\u001b' || char === '\u009b')).toEqual([]);
  });

  it('answers malformed and unknown frames with an error and keeps the session', async () => {
    const p = await connectedPage();
    p.send('not json');
    expect(await p.next()).toMatchObject({ type: 'error', message: expect.stringMatching(/^message is not JSON/) });
    p.send({ type: 'exec', code: 'rm -rf' });
    expect(await p.next()).toMatchObject({ type: 'error', message: expect.stringMatching(/^unknown message type "exec"/) });
    p.send({ type: 'result', callId: 'c1', result: { success: 'yes' } });
    expect(await p.next()).toMatchObject({ type: 'error', message: expect.stringMatching(/^malformed "result" message/) });
    p.send({ type: 'result', callId: 'never-made', result: { success: true } });

    const pending = router.current()!.call('get_context', {});
    const call = (await p.next()) as { callId: string };
    p.send({ type: 'result', callId: call.callId, result: { success: true } });
    expect(await pending).toEqual({ result: { success: true }, images: [] });
    expect(logLines.join('')).toMatch(/dropped result for unknown or cancelled call never-made/);
  });

  it('hangs up on a page whose first frame is not a valid hello', async () => {
    const p = await page();
    p.send({ type: 'catalogue', tools: [] });
    expect(await p.next()).toEqual({ type: 'error', message: 'a catalogue arrived before the handshake finished' });
    expect(await p.closed).toEqual({ code: 4400, reason: 'handshake failed: a catalogue arrived before the handshake finished' });
    expect(router.current()).toBeUndefined();
  });

  it('refuses a client with a wrong token: no welcome, never routed to, nothing logged of the proofs', async () => {
    const p = await provedPage('b'.repeat(64));
    expect(await p.closed).toEqual({ code: 4401, reason: expect.stringContaining('could not prove the pairing token') });
    expect(router.current()).toBeUndefined();
    expect(router.pageCount).toBe(0);
    const log = logLines.join('');
    expect(log).toMatch(
      /token mismatch: a page from http:\/\/127\.0\.0\.1:8888 tried to connect, but its pairing token is not this server's/
    );
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(proofOf('b'.repeat(64), 'page', exchange('')));
  });

  it('logs a page that holds another token once a minute as a token mismatch with the fix, and keeps it for no_page', async () => {
    expect(endpoint.recentTokenMismatch()).toBeUndefined();
    // As the real bridge does: it finds the server's proof wrong for its token and hangs up, then retries.
    for (let attempt = 0; attempt < 5; attempt++) {
      const p = await page();
      p.send(hello());
      expect(await p.next()).toMatchObject({ type: 'challenge' });
      p.socket.close(4403, 'the server could not prove the pairing token');
      await p.closed;
    }
    await expect.poll(() => endpoint.recentTokenMismatch()).toBeDefined();
    const warnings = logLines.filter((line) => !line.includes(' debug: '));
    expect(warnings).toEqual([
      '[jupyter-live-mcp] warn: token mismatch: a page from http://127.0.0.1:8888 tried to connect, but its pairing token is not ' +
        'this server\'s: put what "jupyter-live-mcp token" prints into the bridge\'s setting Settings → Agent bridge → Pairing token, ' +
        'or run "jupyter-live-mcp install", then reload the page.\n'
    ]);
    expect(endpoint.recentTokenMismatch()).toEqual({
      source: 'from http://127.0.0.1:8888',
      fix: expect.stringContaining('jupyter-live-mcp token')
    });
    // A page of that origin that pairs is fixed.
    await connectedPage();
    expect(endpoint.recentTokenMismatch()).toBeUndefined();
  });

  it("names a lite page of another run as such: the fix is this run's URL", async () => {
    endpoint.pairOrigins(['http://127.0.0.1:8768'], 'c'.repeat(64), 'lite');
    const p = await page({ origin: 'http://127.0.0.1:8768' });
    p.send(hello());
    await p.next();
    p.socket.close(4403);
    await expect.poll(() => endpoint.recentTokenMismatch()?.fix).toMatch(/lite page of another run .*open the URL this run printed/);
  });

  it('refuses a client without the token that skips the proof: no welcome, no calls', async () => {
    const p = await page();
    p.send(hello());
    expect((await p.next()).type).toBe('challenge');
    p.send({ type: 'catalogue', tools: [tool] });
    expect(await p.next()).toEqual({ type: 'error', message: 'a catalogue arrived before the handshake finished' });
    expect((await p.closed).code).toBe(4400);
    expect(router.pageCount).toBe(0);
  });

  it('refuses a hello without a nonce', async () => {
    const p = await page();
    const { nonce: _none, ...withoutNonce } = hello();
    p.send(withoutNonce);
    expect(await p.next()).toMatchObject({ type: 'error', message: expect.stringMatching(/^malformed "hello" message: nonce/) });
    expect((await p.closed).code).toBe(4400);
  });

  it('refuses another protocol version and says what to update', async () => {
    const p = await page();
    p.send({ ...hello(), protocol: PROTOCOL_VERSION + 1 });
    const error = await p.next();
    expect(error).toEqual({
      type: 'error',
      message: `wire protocol ${PROTOCOL_VERSION + 1} is not supported (server speaks ${PROTOCOL_VERSION}); update the jupyter-live-mcp server`
    });
    expect((await p.closed).code).toBe(4426);

    // A bridge of protocol 1 (no port in its hello, who it is in it) hears to update itself.
    const old = await page();
    old.send({ type: 'hello', protocol: 1, bridgeVersion: '0.1.0', page: identity.page, nonce: PAGE_NONCE });
    expect(await old.next()).toEqual({
      type: 'error',
      message: `wire protocol 1 is not supported (server speaks ${PROTOCOL_VERSION}); update the jupyter-live-mcp-bridge extension`
    });
  });

  it('refuses a hello that names no port', async () => {
    const p = await page();
    p.send({ type: 'hello', protocol: PROTOCOL_VERSION, nonce: PAGE_NONCE });
    expect(await p.next()).toEqual({ type: 'error', message: 'malformed "hello" message: port: the port the page dialled is required' });
    expect((await p.closed).code).toBe(4400);
  });

  it('closes a socket that never says hello', async () => {
    const p = await page();
    expect((await p.closed).code).toBe(4408);
  });

  it('closes the socket on a frame over the size limit, and the server goes on', async () => {
    const p = await connectedPage();
    p.send({ type: 'error', message: 'x'.repeat(5000) });
    expect((await p.closed).code).toBe(1009);
    const again = await connectedPage();
    expect(router.current()?.identity?.pageId).toBe('page-a');
    again.socket.close();
  });

  it('answers page_disconnected for calls in flight when the page goes away', async () => {
    const p = await connectedPage();
    const pending = router.current()!.call('execute_command', { commandId: 'x' });
    await p.next();
    p.socket.close();
    expect((await pending).result).toMatchObject({ success: false, code: 'page_disconnected' });
    await expect.poll(() => router.current()).toBeUndefined();
  });

  it('sends cancel and drops the late result of an aborted call', async () => {
    const p = await connectedPage();
    const controller = new AbortController();
    const pending = router.current()!.call('get_context', {}, controller.signal);
    const call = (await p.next()) as { callId: string };
    controller.abort(new Error('client cancelled'));
    await expect(pending).rejects.toThrow('client cancelled');
    expect(await p.next()).toEqual({ type: 'cancel', callId: call.callId });
    p.send({ type: 'result', callId: call.callId, result: { success: true } });
    await expect.poll(() => logLines.join('')).toMatch(new RegExp(`dropped result for unknown or cancelled call ${call.callId}`));
  });

  it.each([
    [{ origin: 'http://evil.example' }, /403 Forbidden|Unexpected server response: 403/],
    [{ origin: 'http://127.0.0.1:8888', host: 'evil.example:8767' }, /403/]
  ])('refuses an upgrade with %j before any message', async (headers, refusal) => {
    await expect(page(headers)).rejects.toThrow(refusal);
    expect(router.pageCount).toBe(0);
  });
});

describe('a busy port', () => {
  it('is an error that names the process holding it and what to do', async () => {
    const port = Number(new URL(endpoint.url).port);
    const second = startTestEndpoint({ token: TOKEN, port, router: new PageRouter() });
    // The first endpoint holds it: this very process.
    await expect(second).rejects.toThrow(
      new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use by \\S+ \\(pid ${process.pid}: .*\\).*--port <another port>`)
    );
  });

  it('gets the advice that fits how the server runs', () => {
    const busy = (runsAs: ServerRole) => bridgePortAdvice('127.0.0.1', 8767, runsAs).busy('node (pid 7: jupyter-live-mcp)');
    // An MCP client over stdio needs a server of its own: "not needed" would be wrong.
    expect(busy('stdio')).toBe(
      'port 8767 on 127.0.0.1 is already in use by node (pid 7: jupyter-live-mcp). This MCP client starts a server of its own ' +
        "over stdio, and it needs a port of its own: stop the other one if it is a jupyter-live-mcp (another MCP client's, or a " +
        "second entry of this client's configuration), or give this one --port <another port> in the MCP client's configuration " +
        'and add ws://127.0.0.1:<that port> to the bridge\'s "serverUrls" setting (it takes several; jupyter-live-mcp doctor checks ' +
        'the setup). For several agents on one server, run it once with --http.'
    );
    expect(busy('http')).toMatch(/Stop that program \(if it is another jupyter-live-mcp --http, your agents can all use that one/);
    expect(busy('http')).toContain('"serverUrls"');
    // lite configures its page itself: nothing for the person to set; a second lite needs both its ports moved.
    expect(busy('lite')).toBe(
      "port 8767 on 127.0.0.1 (lite's bridge endpoint) is already in use by node (pid 7: jupyter-live-mcp): probably another " +
        'jupyter-live-mcp lite or server is running. Stop it, or start this one with --port <another port>, and with ' +
        '--lite-port <another port> too if the other is a lite (it holds that port as well). lite tells its page the port ' +
        'itself; notebooks saved in the browser are kept per --lite-port, so another one starts empty.'
    );
    expect(bridgePortAdvice('::1', 8767, 'stdio').busy('x')).toContain('ws://[::1]:<that port>');
  });

  it('is not blamed on another program when two --host values are one address', async () => {
    // 0.0.0.0 takes in 127.0.0.1 (a name and its address, e.g. localhost, may too).
    const overlapping = startTestEndpoint({ token: TOKEN, hosts: ['127.0.0.1', '0.0.0.0'], router: new PageRouter() });
    await expect(overlapping).rejects.toThrow(/cannot listen on 0\.0\.0\.0:\d+ as well as on 127\.0\.0\.1: the --host values overlap/);
  });
});
