/**
 * The lite site server on a real loopback port, with a small stand-in site: who is
 * served, what the paired config holds, and the errors a person sees.
 */
import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log.js';
import { cookieName } from './page-secret.js';
import { BRIDGE_PLUGIN_ID as BRIDGE_PLUGIN } from '@jupyter-live-mcp/protocol';
import { serveLiteSite, type LiteSite } from './site-server.js';

const SECRET = '5e'.repeat(32);
const PAIRING = { serverUrl: 'ws://127.0.0.1:8767', token: '7'.repeat(64) };
const logLines: string[] = [];
const log = createLogger('warn', (line) => logLines.push(line));
let siteDir: string;
let site: LiteSite;
let port: number;
let cookie: string;

beforeAll(async () => {
  siteDir = await mkdtemp(path.join(tmpdir(), 'lite-site-test-'));
  await mkdir(path.join(siteDir, 'lab'));
  await mkdir(path.join(siteDir, 'build'));
  await writeFile(path.join(siteDir, 'jupyter-lite.json'), JSON.stringify({ 'jupyter-config-data': { settingsOverrides: {} } }));
  await writeFile(path.join(siteDir, 'lab', 'index.html'), '<!doctype html><title>lab</title>');
  await writeFile(path.join(siteDir, 'build', 'bootstrap.js'), 'boot();');
  await writeFile(path.join(siteDir, 'build', '1022.edfc29b0911c3ceb.js'), 'chunk();');
  site = await serveLiteSite({ siteDir, port: 0, secret: SECRET, pairing: PAIRING, log });
  port = Number(new URL(site.origin).port);
  cookie = `${cookieName(port)}=${SECRET}`;
});

afterAll(async () => {
  await site?.close();
  await rm(siteDir, { recursive: true, force: true });
});

function fetchRaw(target: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: target, method: options.method ?? 'GET', headers: options.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

const withCookie = (target: string, method = 'GET') => fetchRaw(target, { method, headers: { cookie } });

describe('serveLiteSite', () => {
  it('prints a Lab URL that carries the secret', () => {
    expect(site.url).toBe(`http://127.0.0.1:${port}/lab/?token=${SECRET}`);
  });

  it('refuses requests without the secret, with what to do', async () => {
    const answer = await fetchRaw('/lab/');
    expect(answer.status).toBe(403);
    expect(answer.body).toMatch(/Open that link/);
  });

  it('sets the cookie from the printed URL, then serves files', async () => {
    const entry = await fetchRaw(`/lab/?token=${SECRET}`);
    expect(entry).toMatchObject({ status: 302, headers: { location: '/lab/' } });
    const page = await withCookie('/lab/');
    expect(page).toMatchObject({ status: 200, body: '<!doctype html><title>lab</title>' });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await withCookie('/build/bootstrap.js')).headers['cache-control']).toBe('no-cache');
    expect((await withCookie('/build/1022.edfc29b0911c3ceb.js')).headers['cache-control']).toMatch(/immutable/);
  });

  it('serves jupyter-lite.json paired with this run, never cached', async () => {
    const answer = await withCookie('/jupyter-lite.json');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answer.body)['jupyter-config-data'].settingsOverrides[BRIDGE_PLUGIN]).toEqual({
      serverUrls: [PAIRING.serverUrl],
      token: PAIRING.token
    });
  });

  it('adds the slash to folder URLs, keeps to the site folder and serves only GET and HEAD', async () => {
    expect(await withCookie('/lab?path=a.ipynb')).toMatchObject({ status: 301, headers: { location: '/lab/?path=a.ipynb' } });
    expect((await withCookie('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
    expect((await withCookie('/nothing-here.js')).status).toBe(404);
    expect((await withCookie('/lab/', 'POST')).status).toBe(405);
    expect(await withCookie('/lab/', 'HEAD')).toMatchObject({ status: 200, body: '' });
  });

  it('redirects a folder URL only within the site, whatever its slashes and dots', async () => {
    for (const target of ['/.//evil.example/..%2flab', '/./lab', '/build/..%2flab', '/lab%2f.']) {
      expect(await withCookie(target), target).toMatchObject({ status: 301, headers: { location: '/lab/' } });
    }
    expect(await withCookie('/.//evil.example/..%2flab?path=a.ipynb')).toMatchObject({
      status: 301,
      headers: { location: '/lab/?path=a.ipynb' }
    });
  });

  it('logs a refused request without its query, so the secret never shows however it is spelled', async () => {
    logLines.length = 0;
    expect((await fetchRaw(`/lab/?token=wrong&token=${SECRET}`)).status).toBe(403);
    expect((await fetchRaw(`/lab/?%74oken=${SECRET}`, { headers: { host: `evil.example:${port}` } })).status).toBe(403);
    expect(logLines).toHaveLength(2);
    expect(logLines[0]).toMatch(/lite site: refused GET \/lab\/: This JupyterLite page is served only/);
    expect(logLines[1]).toMatch(/lite site: refused GET \/lab\/: Host "evil\.example:\d+" is not a loopback name/);
    expect(logLines.join('')).not.toContain(SECRET);
  });

  it('says what to do when the port is taken', async () => {
    await expect(serveLiteSite({ siteDir, port, secret: SECRET, pairing: PAIRING, log })).rejects.toThrow(
      new RegExp(`port ${port} on 127.0.0.1 .* already in use.*--lite-port`)
    );
  });

  it('says the install is incomplete when the site is missing', async () => {
    await expect(serveLiteSite({ siteDir: path.join(siteDir, 'missing'), port: 0, secret: SECRET, pairing: PAIRING, log })).rejects.toThrow(
      /reinstall it/
    );
  });
});

describe('serveLiteSite under a flood', () => {
  let flooded: LiteSite;
  let floodPort: number;
  const lines: string[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const floodLog = createLogger('warn', (line) => lines.push(line));
    flooded = await serveLiteSite({
      siteDir,
      port: 0,
      secret: SECRET,
      pairing: PAIRING,
      log: floodLog,
      requestTimeoutMs: 3_000,
      maxUnprovedConnections: 16
    });
    floodPort = Number(new URL(flooded.origin).port);
  });

  afterAll(async () => {
    for (const socket of sockets) {
      socket.destroy();
    }
    await flooded?.close();
  });

  /** A raw TCP connection that writes `data` and says when the site hangs up. */
  async function rawSocket(data: string) {
    const socket = connect(floodPort, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => {});
    // Read, so the site's end of the connection shows as a close here.
    socket.resume();
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(data);
    return { socket, closed };
  }

  it('logs refused requests at most 20 a second, then how many it left out', async () => {
    lines.length = 0;
    const refused = 1_000;
    // Keep-alive requests on a few sockets, as a flooding page or process would send them.
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const started = performance.now();
    await Promise.all(
      Array.from(
        { length: refused },
        () =>
          new Promise<number>((resolve, reject) => {
            request({ host: '127.0.0.1', port: floodPort, path: '/lab/', agent }, (response) => {
              response.resume();
              response.on('end', () => resolve(response.statusCode ?? 0));
            })
              .on('error', reject)
              .end();
          })
      )
    );
    agent.destroy();
    const seconds = (performance.now() - started) / 1000;
    const refusals = () => lines.filter((line) => line.includes('lite site: refused GET /lab/')).length;
    const leftOut = () =>
      lines
        .map((line) => Number(/left out (\d+) more log lines about requests the lite site refused/.exec(line)?.[1] ?? 0))
        .reduce((a, b) => a + b, 0);
    // Every refusal is either logged or counted, the count within a second of the flood's end.
    await expect.poll(() => refusals() + leftOut(), { timeout: 3000 }).toBe(refused);
    // One second's 20, plus 20 for each further second the flood took.
    expect(refusals()).toBeLessThanOrEqual(20 * Math.ceil(seconds + 1));
    console.log(`lite flood: ${refused} refused requests in ${seconds.toFixed(1)} s -> ${lines.length} log lines`);
  });

  it('holds at most the cap of slow sockets, drops them once headers are overdue, and still serves the browser', async () => {
    const fds = () => readdirSync('/proc/self/fd').length;
    const before = fds();
    const started = performance.now();
    const slow = await Promise.all(Array.from({ length: 300 }, () => rawSocket('GET /lab/ HTTP/1.1\r\nHost: 127.0.0.1\r\n')));
    const open = () => slow.filter(({ socket }) => !socket.destroyed).length;
    // The site takes in the connections a while after the clients see them connected.
    await expect.poll(open, { timeout: 2_500, interval: 50 }).toBeLessThanOrEqual(16);
    const held = fds() - before;
    const heldOpen = open();
    expect((await fetchFrom(floodPort, '/lab/', cookieName(floodPort))).status).toBe(200);
    await Promise.all(slow.map(({ closed }) => closed));
    const allClosedMs = performance.now() - started;
    console.log(
      `lite slow sockets: 300 opened -> ${heldOpen} held, fds +${held} (both ends), all closed after ${allClosedMs.toFixed(0)} ms`
    );
    // Headers overdue at 3 s, checked each second.
    expect(allClosedMs).toBeLessThan(3_000 + 2_500);
  });
});

function fetchFrom(to: number, target: string, name: string) {
  return new Promise<{ status: number }>((resolve, reject) => {
    request({ host: '127.0.0.1', port: to, path: target, headers: { cookie: `${name}=${SECRET}` } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
    })
      .on('error', reject)
      .end();
  });
}
