/**
 * GET /status on a real bridge endpoint, asked by doctor's status client:
 * only a caller that proves the token learns the version and page kinds, a
 * proof is good once, and the Host and Origin checks hold here too.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { proofOf } from '@jupyter-live-mcp/protocol';
import { probeStatus } from '../doctor/status-client.js';
import type { BridgeEndpoint } from './bridge-endpoint.js';
import { PageRouter } from './page-router.js';
import { startTestEndpoint } from './test-endpoint.test-support.js';
import type { PageSession } from './page-session.js';
import { STATUS_PROOF_HEADER, createStatusHandler } from './status-endpoint.js';

const TOKEN = 'a'.repeat(64);
let endpoint: BridgeEndpoint;
let router: PageRouter;

const page = (pageId: string, app: string) =>
  ({
    identity: { pageId, app: { name: app, version: '4.6.4' }, url: 'http://127.0.0.1:8888/lab?secret' },
    ready: true,
    readyAt: 1,
    focusedAt: 0
  }) as unknown as PageSession;

beforeEach(async () => {
  router = new PageRouter();
  endpoint = await startTestEndpoint({ token: TOKEN, router, serverVersion: '9.9.9' });
});

afterEach(async () => {
  await endpoint.close();
});

function get(headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port: endpoint.port, path: '/status', headers }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('GET /status', () => {
  it('tells a caller that proves the token the version and the kinds of the connected pages, nothing more', async () => {
    router.update(page('a', 'JupyterLab'));
    router.update(page('b', 'JupyterLab'));
    router.update(page('c', 'Jupyter Notebook'));
    expect(await probeStatus('127.0.0.1', endpoint.port, TOKEN)).toEqual({
      kind: 'paired',
      version: '9.9.9',
      pages: { count: 3, kinds: { 'JupyterLab 4.6.4': 2, 'Jupyter Notebook 4.6.4': 1 } }
    });
  });

  it('tells anyone else only that this is jupyter-live-mcp', async () => {
    router.update(page('a', 'JupyterLab'));
    const first = await get({});
    expect(first.status).toBe(200);
    expect(Object.keys(JSON.parse(first.body))).toEqual(['service', 'challenge']);
    expect(await probeStatus('127.0.0.1', endpoint.port, 'b'.repeat(64))).toEqual({ kind: 'other-token' });
    const refused = await get({ [STATUS_PROOF_HEADER]: 'nonsense' });
    expect(refused.status).toBe(401);
    expect(refused.body).not.toMatch(/9\.9\.9|JupyterLab|secret/);
  });

  const proofHeader = (challenge: string, token = TOKEN) =>
    `${challenge} ${'1'.repeat(64)} ${proofOf(token, 'doctor', { port: endpoint.port, pageNonce: '1'.repeat(64), serverNonce: challenge })}`;

  it('takes a proof once: a replayed one is refused', async () => {
    const { challenge } = JSON.parse((await get({})).body) as { challenge: string };
    const header = proofHeader(challenge);
    expect((await get({ [STATUS_PROOF_HEADER]: header })).status).toBe(200);
    expect((await get({ [STATUS_PROOF_HEADER]: header })).status).toBe(401);
  });

  it("keeps a doctor's challenge however many others ask for one meanwhile", async () => {
    const { challenge } = JSON.parse((await get({})).body) as { challenge: string };
    for (let i = 0; i < 100; i++) {
      await get({});
    }
    expect((await get({ [STATUS_PROOF_HEADER]: proofHeader(challenge) })).status).toBe(200);
  });

  it('refuses a challenge that was never issued, or expired', async () => {
    expect((await get({ [STATUS_PROOF_HEADER]: proofHeader('c'.repeat(64)) })).status).toBe(401);
    let now = 1_000_000;
    const answer = createStatusHandler({ token: TOKEN, serverVersion: '9.9.9', router, now: () => now });
    /** The handler's answer to a request with these headers, arriving on the endpoint's port. */
    const ask = (headers: Record<string, string>) => {
      let status = 0;
      let body = '';
      const response = { writeHead: (code: number) => (status = code), end: (text: string) => (body = text) };
      answer({ headers, socket: { localPort: endpoint.port } } as never, response as never);
      return { status, body };
    };
    const { challenge } = JSON.parse(ask({}).body) as { challenge: string };
    now += 29_000;
    expect(ask({ [STATUS_PROOF_HEADER]: proofHeader(challenge) }).status).toBe(200);
    const { challenge: later } = JSON.parse(ask({}).body) as { challenge: string };
    now += 31_000;
    expect(ask({ [STATUS_PROOF_HEADER]: proofHeader(later) }).status).toBe(401);
  });

  it('keeps the Host and Origin checks', async () => {
    expect((await get({ host: `evil.example:${endpoint.port}` })).status).toBe(403);
    expect((await get({ origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe("doctor's status client", () => {
  let other: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => other?.close(resolve));
    other = undefined;
  });
  const serve = async (status: number, body: string) => {
    other = createServer((_request, response) => response.writeHead(status).end(body));
    await new Promise<void>((resolve) => other!.listen(0, '127.0.0.1', resolve));
    return (other.address() as AddressInfo).port;
  };

  it('recognises a jupyter-live-mcp from before /status', async () => {
    const port = await serve(426, 'This is the jupyter-live-mcp bridge endpoint. Pages connect here over WebSocket.');
    expect(await probeStatus('127.0.0.1', port, TOKEN)).toEqual({ kind: 'old-server' });
  });

  it('says what another program answers', async () => {
    const port = await serve(404, 'not found');
    expect(await probeStatus('127.0.0.1', port, TOKEN)).toEqual({ kind: 'not-ours', detail: 'it answers HTTP 404 to GET /status' });
  });

  it('says what is wrong with an answer that claims to be jupyter-live-mcp but is not what this version reads', async () => {
    const noChallenge = await serve(200, JSON.stringify({ service: 'jupyter-live-mcp', challenge: 42 }));
    expect(await probeStatus('127.0.0.1', noChallenge, TOKEN)).toEqual({
      kind: 'malformed',
      problem: 'challenge: Invalid input: expected string, received number'
    });
    await new Promise((resolve) => other?.close(resolve));
    // The same answer to the proven request: a challenge where the report should be.
    const noReport = await serve(200, JSON.stringify({ service: 'jupyter-live-mcp', challenge: 'c'.repeat(64) }));
    expect(await probeStatus('127.0.0.1', noReport, TOKEN)).toMatchObject({
      kind: 'malformed',
      problem: expect.stringMatching(/^version: .*; pages: /)
    });
  });
});
