/**
 * Hostile input, property-based: thousands of malformed or unexpected wire
 * messages against the real endpoint, and malformed arguments against every
 * tool's input checks. Nothing may crash or hang, and a valid call made
 * afterwards still succeeds.
 */
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { PROTOCOL_VERSION, checkInput, proofOf, type ServerMessage } from '@jupyter-live-mcp/protocol';
import { buildMcpServer } from '../mcp/mcp-server.js';
import { DEFAULT_CATALOGUE } from '../mcp/tool-listing.js';
import type { BridgeEndpoint } from './bridge-endpoint.js';
import { createLogger } from '../log.js';
import { PageRouter } from './page-router.js';
import { startTestEndpoint } from './test-endpoint.test-support.js';

const TOKEN = 'd'.repeat(64);
const NONCE = 'e'.repeat(64);
let endpoint: BridgeEndpoint;
const router = new PageRouter();

beforeAll(async () => {
  endpoint = await startTestEndpoint({ token: TOKEN, router, maxMessageBytes: 1024 * 1024 });
  // Its list-changed timer reads every catalogue the pages send.
  buildMcpServer({ router, log: createLogger('error', () => {}), version: 'test', bridgeUrl: endpoint.url });
});

afterAll(async () => {
  await endpoint.close();
});

/** Frames a hostile page might send: garbage, wrong shapes, near-misses of real messages. */
const hostileFrame = fc.oneof(
  fc.string(),
  fc.json(),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        type: fc.constantFrom('hello', 'proof', 'catalogue', 'result', 'page-state', 'error', 'call', 'welcome', '__proto__', ''),
        callId: fc.oneof(fc.string(), fc.integer(), fc.constant('c1')),
        result: fc.oneof(fc.jsonValue(), fc.record({ success: fc.boolean(), code: fc.string(), error: fc.string() })),
        tools: fc.array(fc.jsonValue(), { maxLength: 3 }),
        focused: fc.jsonValue(),
        proof: fc.string(),
        message: fc.jsonValue()
      },
      { requiredKeys: ['type'] }
    )
    .map((value) => JSON.stringify(value))
);

function open(): Promise<{ socket: WebSocket; messages: ServerMessage[]; closed: Promise<void> }> {
  const socket = new WebSocket(endpoint.url, { headers: { origin: 'http://127.0.0.1' } });
  const messages: ServerMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, closed }));
    socket.once('error', reject);
  });
}

async function pairedPage() {
  const page = await open();
  page.socket.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, port: endpoint.port, nonce: NONCE }));
  await expect.poll(() => page.messages.length).toBe(1);
  const challenge = page.messages[0] as { nonce: string };
  page.socket.send(
    JSON.stringify({
      type: 'proof',
      proof: proofOf(TOKEN, 'page', { port: endpoint.port, pageNonce: NONCE, serverNonce: challenge.nonce }),
      bridgeVersion: 'f',
      page: { pageId: 'fuzz', app: { name: 'F', version: '1' }, url: 'u' }
    })
  );
  await expect.poll(() => page.messages.length).toBe(2);
  page.socket.send(
    JSON.stringify({
      type: 'catalogue',
      tools: [
        {
          name: 'echo',
          description: 'e',
          inputSchema: { type: 'object' },
          hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false }
        }
      ]
    })
  );
  await expect.poll(() => router.current()?.identity?.pageId).toBe('fuzz');
  return page;
}

describe('hostile wire messages', () => {
  it('10,000 hostile frames to a paired page session: answered or dropped, and a real call still works', async () => {
    const page = await pairedPage();
    const frames = fc.sample(hostileFrame, { numRuns: 10_000, seed: 42 });
    for (const frame of frames) {
      page.socket.send(frame);
    }
    // A valid frame after them all: once it is seen, every hostile frame was handled.
    page.socket.send(JSON.stringify({ type: 'page-state', focused: true, title: 'after the storm' }));
    await expect.poll(() => router.current()?.title, { timeout: 20_000 }).toBe('after the storm');
    const call = router.current()!.call('echo', {});
    await expect.poll(() => page.messages.some((m) => m.type === 'call' && m.tool === 'echo'), { timeout: 20_000 }).toBe(true);
    const sent = page.messages.find((m) => m.type === 'call' && m.tool === 'echo') as { callId: string };
    page.socket.send(JSON.stringify({ type: 'result', callId: sent.callId, result: { success: true, echoed: 1 } }));
    expect((await call).result).toEqual({ success: true, echoed: 1 });
    expect(page.messages.filter((m) => m.type === 'error').length).toBeGreaterThan(1000);
    page.socket.close();
  }, 60_000);

  it('hostile first frames never get a client welcomed or routed to', async () => {
    await fc.assert(
      fc.asyncProperty(hostileFrame, async (frame) => {
        const page = await open();
        page.socket.send(frame);
        page.socket.send(JSON.stringify({ type: 'catalogue', tools: [] }));
        await Promise.race([page.closed, new Promise((resolve) => setTimeout(resolve, 50))]);
        page.socket.terminate();
        return !page.messages.some((m) => m.type === 'welcome');
      }),
      { numRuns: 150, seed: 7 }
    );
    expect(router.pages().map((p) => p.identity?.pageId)).not.toContain(undefined);
  }, 60_000);
});

/** Writes `request` on a raw TCP connection and resolves with what came back when it closed. */
function rawRequest(request: string, after?: (socket: ReturnType<typeof connect>) => void): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect(endpoint.port, '127.0.0.1', () => {
      socket.write(request);
      after?.(socket);
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => resolve(answer));
  });
}

describe('without any token', () => {
  it('a request for "//" (no valid URL) is answered, and the server lives on', async () => {
    expect(await rawRequest('GET // HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 426 /);
    expect(await rawRequest('GET /status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('clients that reset the connection right after a refused upgrade do not end the server', async () => {
    const refused =
      'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: http://evil.example\r\n\r\n';
    for (let i = 0; i < 200; i++) {
      await rawRequest(refused, (socket) => setTimeout(() => socket.resetAndDestroy(), i % 3));
    }
    expect(await rawRequest('GET /status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('nesting', () => {
  it('a catalogue whose input schema nests 6,000 levels (36 KB) is refused, and the server lives on', async () => {
    const page = await pairedPage();
    const deep = `${'{"p":'.repeat(6000)}{}${'}'.repeat(6000)}`;
    const tool = '{"name":"deep","description":"d","hints":{"readOnlyHint":true,"consequentialHint":false,"untrustedContentHint":false}';
    page.socket.send(`{"type":"catalogue","tools":[${tool},"inputSchema":{"type":"object","properties":{"a":${deep}}}}]}`);
    await expect
      .poll(() => page.messages.find((m) => m.type === 'error'))
      .toMatchObject({ message: expect.stringMatching(/^malformed "catalogue" message: nested deeper than \d+ levels/) });
    // Past the list-changed debounce: the server still answers.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.current()?.tools.map((t) => t.name)).toEqual(['echo']);
    page.socket.close();
  });

  it('a result nested too deep still answers its call, and arguments nested too deep never reach the page', async () => {
    const page = await pairedPage();
    const call = router.current()!.call('echo', {});
    await expect.poll(() => page.messages.find((m) => m.type === 'call')).toBeDefined();
    const { callId } = page.messages.find((m) => m.type === 'call') as { callId: string };
    page.socket.send(`{"type":"result","callId":"${callId}","result":{"success":true,"v":${'['.repeat(5000)}${']'.repeat(5000)}}}`);
    expect((await call).result).toMatchObject({ success: false, code: 'internal_error', error: expect.stringContaining('nested deeper') });

    const deepArgs = JSON.parse(`{"a":${'['.repeat(500)}${']'.repeat(500)}}`);
    expect((await router.current()!.call('echo', deepArgs)).result).toMatchObject({ success: false, code: 'bad_input' });
    expect(page.messages.filter((m) => m.type === 'call')).toHaveLength(1);
    page.socket.close();
  });
});

describe('malformed MCP arguments against every tool', () => {
  it('checkInput answers ok or a clear error for any arguments, for all listed tools', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DEFAULT_CATALOGUE),
        fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue())),
        (tool, args) => {
          const checked = checkInput(tool.name, tool.inputSchema, args);
          return checked.ok ? typeof checked.args === 'object' : checked.error.startsWith(`${tool.name}: `);
        }
      ),
      { numRuns: 10_000, seed: 3 }
    );
  });
});
