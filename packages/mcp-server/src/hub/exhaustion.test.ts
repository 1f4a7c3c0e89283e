/**
 * Exhaustion without any token, against a real endpoint on a loopback port with
 * raw TCP and WebSocket clients: what a stranger's sockets may hold, and for how
 * long, while pages that prove the token still get in.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEndpoint, BridgeEndpointOptions } from './bridge-endpoint.js';
import { PageRouter } from './page-router.js';
import { startTestEndpoint } from './test-endpoint.test-support.js';

const TOKEN = 'a'.repeat(64);
let endpoint: BridgeEndpoint;
let router: PageRouter;
const sockets: Socket[] = [];

async function start(options: Partial<BridgeEndpointOptions> = {}) {
  router = new PageRouter();
  endpoint = await startTestEndpoint({ token: TOKEN, router, ...options });
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) {
    socket.destroy();
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
