/**
 * For the hub's unit tests: a bridge endpoint on a free loopback port with
 * quiet logs and small frames, so each test names only what it is about, and
 * WebSocket clients of it that pair as a page does.
 */
import { expect } from 'vitest';
import { WebSocket, type ClientOptions } from 'ws';
import { PROTOCOL_VERSION, proofOf, type ServerMessage } from '@jupyter-live-mcp/protocol';
import { createLogger } from '../log.js';
import { startBridgeEndpoint, type BridgeEndpoint, type BridgeEndpointOptions } from './bridge-endpoint.js';
import type { PageRouter } from './page-router.js';

export function startTestEndpoint(
  options: { token: string; router: PageRouter } & Partial<BridgeEndpointOptions>
): Promise<BridgeEndpoint> {
  return startBridgeEndpoint({
    hosts: ['127.0.0.1'],
    port: 0,
    log: createLogger('error', () => {}),
    serverVersion: 'test',
    maxMessageBytes: 4096,
    ...options
  });
}

export type TestClient = Awaited<ReturnType<typeof webSocketTo>>;

/** A WebSocket client of the endpoint from a loopback page's origin: what it received, and how the server closed it. */
export async function webSocketTo(endpoint: BridgeEndpoint, options: ClientOptions = {}) {
  const socket = new WebSocket(endpoint.url, { headers: { origin: 'http://127.0.0.1:8888' }, ...options });
  const received: ServerMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString())));
  socket.on('error', () => {});
  const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code) => resolve({ code })));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('close', reject));
  return { socket, received, closed };
}

/**
 * A client that proves `token` as the page `pageId` and sends its catalogue: routed to (as `routedAs`, the id
 * agents see: a page of another token's is scoped) once this resolves.
 */
export async function pairedPageOf(
  endpoint: BridgeEndpoint,
  router: PageRouter,
  { token, pageId, options, routedAs = pageId }: { token: string; pageId: string; options?: ClientOptions; routedAs?: string }
): Promise<TestClient> {
  const page = await webSocketTo(endpoint, options);
  const pageNonce = 'b'.repeat(64);
  page.socket.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, port: endpoint.port, nonce: pageNonce }));
  await expect.poll(() => page.received[0]?.type).toBe('challenge');
  const { nonce } = page.received[0] as { nonce: string };
  const proof = proofOf(token, 'page', { port: endpoint.port, pageNonce, serverNonce: nonce });
  const identity = { pageId, app: { name: 'JupyterLab', version: '4.6.4' }, url: 'http://127.0.0.1:8888/lab' };
  page.socket.send(JSON.stringify({ type: 'proof', proof, bridgeVersion: 't', page: identity }));
  await expect.poll(() => page.received[1]?.type).toBe('welcome');
  page.socket.send(JSON.stringify({ type: 'catalogue', tools: [] }));
  await expect.poll(() => router.isConnected(routedAs)).toBe(true);
  return page;
}
