/**
 * Exhaustion without any token, against a real endpoint on a loopback port with
 * raw TCP and WebSocket clients: what a stranger's sockets may hold, and for how
 * long, while pages that prove the token still get in.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { PROTOCOL_VERSION } from '@jupyter-live-mcp/protocol';
import { createLogger } from '../log.js';
import type { BridgeEndpoint, BridgeEndpointOptions } from './bridge-endpoint.js';
import { PageRouter } from './page-router.js';
import { pairedPageOf, startTestEndpoint, webSocketTo } from './test-endpoint.test-support.js';

const TOKEN = 'a'.repeat(64);
const NONCE = 'b'.repeat(64);
let endpoint: BridgeEndpoint;
let router: PageRouter;
const sockets: (Socket | WebSocket)[] = [];

async function start(options: Partial<BridgeEndpointOptions> = {}) {
  router = new PageRouter();
  endpoint = await startTestEndpoint({ token: TOKEN, router, ...options });
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) {
    if (socket instanceof WebSocket) {
      socket.terminate();
    } else {
      socket.destroy();
    }
  }
  await endpoint.close();
});

/** A raw TCP connection to the endpoint that writes `data` (nothing: a silent socket); `closed` resolves when the server hangs up. */
async function rawSocket(data = '') {
  const socket = connect(endpoint.port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => {
    const opened = performance.now();
    socket.on('close', () => resolve(performance.now() - opened));
  });
  await new Promise((resolve) => socket.once('connect', resolve));
  if (data) {
    socket.write(data);
  }
  return { socket, closed, received: () => received };
}

describe('sockets that never finish their request', () => {
  it('are closed once the request headers are overdue: silent, half a request, or a refused upgrade left open', async () => {
    await start({ requestTimeoutMs: 300 });
    const silent = await rawSocket();
    const partial = await rawSocket('GET /status HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const refused = await rawSocket(
      'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: http://evil.example\r\n\r\n'
    );
    for (const socket of [silent, partial]) {
      expect(await socket.closed).toBeLessThan(3000);
      expect(socket.received()).toMatch(/^HTTP\/1\.1 408 /);
    }
    // The refusal is written and the socket let go at once, whether or not the client ends its side.
    expect(await refused.closed).toBeLessThan(1000);
    expect(refused.received()).toMatch(/^HTTP\/1\.1 403 /);
  });
});

async function webSocket() {
  const client = await webSocketTo(endpoint);
  sockets.push(client.socket);
  return client;
}

async function pairedPage(pageId: string) {
  const page = await pairedPageOf(endpoint, router, { token: TOKEN, pageId });
  sockets.push(page.socket);
  return page;
}

describe('connections that have not proved a token', () => {
  it('are capped, the oldest giving way: a page that proves the token gets in while a stranger holds the cap', async () => {
    // Neither timeout helps here: the stranger's sockets would stay for a minute.
    await start({ maxUnprovedConnections: 8, requestTimeoutMs: 60_000, handshakeTimeoutMs: 60_000 });
    const silent = await Promise.all(Array.from({ length: 8 }, () => rawSocket()));
    const mute = [];
    for (let i = 0; i < 8; i++) {
      // Upgraded, and never a hello.
      mute.push(await webSocket());
    }
    const page = await pairedPage('page-a');
    await Promise.all(silent.map((socket) => socket.closed));
    let open = 0;
    for (const socket of mute) {
      open += socket.socket.readyState === WebSocket.OPEN ? 1 : 0;
    }
    expect(open).toBeLessThanOrEqual(8);

    // A proved page leaves the count: more strangers do not push it out.
    await Promise.all(Array.from({ length: 16 }, () => rawSocket()));
    expect(page.socket.readyState).toBe(WebSocket.OPEN);
    expect(router.isConnected('page-a')).toBe(true);
  });
});

describe('before the handshake', () => {
  it('a page may send a few kB: a hello padded to 1 MiB is cut off unanswered, a catalogue that large is fine after the proof', async () => {
    await start({ maxMessageBytes: 64 * 1024 * 1024 });
    const padded = await webSocket();
    const hello = { type: 'hello', protocol: PROTOCOL_VERSION, port: endpoint.port, nonce: NONCE };
    padded.socket.send(JSON.stringify({ ...hello, padding: 'x'.repeat(1024 * 1024) }));
    await padded.closed;
    expect(padded.received).toEqual([]);

    const page = await pairedPage('page-a');
    const description = 'd'.repeat(9_000);
    const tools = Array.from({ length: 120 }, (_, i) => ({
      name: `t${i}`,
      description,
      inputSchema: { type: 'object' },
      hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false }
    }));
    page.socket.send(JSON.stringify({ type: 'catalogue', tools }));
    await expect.poll(() => router.current()?.tools.length).toBe(120);
  });

  it('hello and proof are strict: a field the protocol does not have is refused', async () => {
    await start();
    const extra = await webSocket();
    extra.socket.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, port: endpoint.port, nonce: NONCE, x: 1 }));
    expect(await extra.closed).toEqual({ code: 4400 });
    expect(extra.received).toEqual([{ type: 'error', message: expect.stringMatching(/^malformed "hello" message: .*"x"/) }]);
  });
});

/** A client text frame, masked as clients must (with a zero key, so the payload goes as it is). */
function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const length = payload.length < 126 ? [0x80 | payload.length] : [0x80 | 126, payload.length >> 8, payload.length & 0xff];
  return Buffer.concat([Buffer.from([0x81, ...length, 0, 0, 0, 0]), payload]);
}

/** A WebSocket spoken by hand: it never answers the server's close frame, as a hostile client would not. */
async function rawWebSocket() {
  const raw = await rawSocket(
    'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: http://127.0.0.1:8888\r\n\r\n'
  );
  await expect.poll(() => raw.received()).toMatch(/^HTTP\/1\.1 101 /);
  return raw;
}

describe('a session the server closed', () => {
  it('handles none of the frames that follow, and its socket is destroyed though the client never answers the close', async () => {
    const lines: string[] = [];
    await start({ log: createLogger('debug', (line) => lines.push(line)) });
    const raw = await rawWebSocket();
    raw.socket.write(clientFrame('not json'));
    await expect.poll(() => lines.join('')).toMatch(/closing page/);
    for (let i = 0; i < 2000; i++) {
      raw.socket.write(clientFrame('x'));
    }
    expect(await raw.closed).toBeLessThan(3000);
    expect(lines.length).toBeLessThanOrEqual(4);
  });
});

describe('log lines about one peer', () => {
  it('are rate-limited: per proved page, and for all connections that have not proved a token together', async () => {
    const lines: string[] = [];
    await start({ log: createLogger('debug', (line) => lines.push(line)) });
    const page = await pairedPage('page-a');
    const before = lines.length;
    for (let i = 0; i < 500; i++) {
      page.socket.send(JSON.stringify({ type: 'error', message: `report ${i}` }));
    }
    await expect.poll(() => lines.join(''), { timeout: 3000 }).toMatch(/left out \d+ more log lines about page page-a/);
    const reports = lines.slice(before).filter((line) => line.includes(' reports: report '));
    expect(reports.length).toBeLessThanOrEqual(20);

    // Strangers each say one wrong thing on a connection of their own.
    lines.length = 0;
    await Promise.all(
      Array.from({ length: 60 }, async () => {
        const stranger = await webSocket();
        stranger.socket.send('not json');
        await stranger.closed;
      })
    );
    await expect
      .poll(() => lines.join(''), { timeout: 3000 })
      .toMatch(/left out \d+ more log lines about connections that have not proved a token/);
    expect(lines.length).toBeLessThanOrEqual(21 + 20);
  });
});
