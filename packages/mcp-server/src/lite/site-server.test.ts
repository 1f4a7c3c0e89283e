/**
 * The lite site server on a real loopback port, with a small stand-in site: who is
 * served, what the paired config holds, and the errors a person sees.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
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
