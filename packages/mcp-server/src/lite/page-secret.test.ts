import { describe, expect, it } from 'vitest';
import { checkAccess, cookieName, newSecret } from './page-secret.js';

const SECRET = 'ab'.repeat(32);
const PORT = 8768;
const HOST = `127.0.0.1:${PORT}`;
const COOKIE = `${cookieName(PORT)}=${SECRET}`;

describe('checkAccess', () => {
  it('moves the secret from the printed URL into an HttpOnly SameSite=Strict cookie and drops it from the URL', () => {
    expect(checkAccess({ url: `/lab/?token=${SECRET}`, host: HOST, cookie: undefined }, SECRET, PORT)).toEqual({
      kind: 'redirect',
      location: '/lab/',
      setCookie: `jupyter-live-mcp-lite-8768=${SECRET}; Path=/; HttpOnly; SameSite=Strict`
    });
    // Other parameters (JupyterLite opens files with ?path=) stay.
    expect(checkAccess({ url: `/notebooks/?path=a.ipynb&token=${SECRET}`, host: HOST, cookie: undefined }, SECRET, PORT)).toMatchObject({
      kind: 'redirect',
      location: '/notebooks/?path=a.ipynb'
    });
  });

  it('redirects only within the site, whatever slashes the path starts with', () => {
    expect(checkAccess({ url: `/.//evil.example/lab/?token=${SECRET}`, host: HOST, cookie: undefined }, SECRET, PORT)).toMatchObject({
      kind: 'redirect',
      location: '/evil.example/lab/'
    });
  });

  it('serves a request that carries the cookie, among other cookies', () => {
    expect(checkAccess({ url: '/build/bootstrap.js', host: HOST, cookie: COOKIE }, SECRET, PORT)).toEqual({ kind: 'serve' });
    expect(checkAccess({ url: '/lab/', host: 'localhost:8768', cookie: `a=1; ${COOKIE}; b=2` }, SECRET, PORT)).toEqual({ kind: 'serve' });
  });

  it('refuses a request without the secret, saying to open the printed link', () => {
    const refusal = checkAccess({ url: '/lab/', host: HOST, cookie: undefined }, SECRET, PORT);
    expect(refusal).toMatchObject({ kind: 'refuse' });
    expect(refusal.kind === 'refuse' && refusal.reason).toMatch(/printed on its stderr .*Open that link/);
    expect(JSON.stringify(refusal)).not.toContain(SECRET);
  });

  it('refuses a wrong or truncated secret, in the URL or in the cookie', () => {
    const wrong = 'cd'.repeat(32);
    for (const request of [
      { url: `/lab/?token=${wrong}`, cookie: undefined },
      { url: `/lab/?token=${SECRET.slice(0, 63)}`, cookie: undefined },
      { url: '/lab/?token=', cookie: undefined },
      { url: '/lab/', cookie: `${cookieName(PORT)}=${wrong}` },
      // Another port's cookie: browsers send every 127.0.0.1 cookie to every port.
      { url: '/lab/', cookie: `${cookieName(PORT + 1)}=${SECRET}` },
      { url: '/lab/', cookie: `x${COOKIE}` }
    ]) {
      expect(checkAccess({ ...request, host: HOST }, SECRET, PORT)).toMatchObject({ kind: 'refuse' });
    }
  });

  it('refuses a Host that is not a loopback name (DNS rebinding), even with the secret', () => {
    for (const host of ['rebind.example:8768', 'rebind.example', '127.0.0.1.rebind.example:8768', undefined]) {
      const access = checkAccess({ url: `/lab/?token=${SECRET}`, host, cookie: COOKIE }, SECRET, PORT);
      expect(access).toMatchObject({ kind: 'refuse' });
      expect(access.kind === 'refuse' && access.reason).toMatch(/not a loopback name/);
    }
  });
});

describe('newSecret', () => {
  it('is 256 random bits, new each time', () => {
    const a = newSecret();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newSecret()).not.toBe(a);
  });
});
