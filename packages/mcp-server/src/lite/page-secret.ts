/**
 * Who may load the lite site. Its jupyter-lite.json carries the pairing token, so,
 * as Jupyter's own token guards a notebook server, the site goes only to a browser
 * that opened the URL printed for this run: the URL carries a per-run secret once
 * (?token=), the answer moves it into an HttpOnly SameSite=Strict cookie and drops it
 * from the address bar. Another local user, or a web page in the person's browser,
 * never sees the secret. The Host check keeps DNS-rebinding pages out.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isLoopbackHost } from '../net/loopback-checks.js';

export const SECRET_PARAM = 'token';

export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/** Browsers keep cookies per host, not per port: two sites on 127.0.0.1 must not share one. */
export function cookieName(port: number): string {
  return `jupyter-live-mcp-lite-${port}`;
}

export interface SiteRequest {
  /** The request target, e.g. /lab/?token=... */
  url: string;
  host: string | undefined;
  cookie: string | undefined;
}

export type Access = { kind: 'serve' } | { kind: 'redirect'; location: string; setCookie: string } | { kind: 'refuse'; reason: string };

export function checkAccess(request: SiteRequest, secret: string, port: number): Access {
  if (!isLoopbackHost(request.host)) {
    return {
      kind: 'refuse',
      reason: `Host ${JSON.stringify(request.host ?? '')} is not a loopback name. Open the page at the http://127.0.0.1:${port}/ URL jupyter-live-mcp lite printed.`
    };
  }
  const url = new URL(request.url, 'http://127.0.0.1');
  const offered = url.searchParams.get(SECRET_PARAM);
  if (offered !== null && sameSecret(offered, secret)) {
    url.searchParams.delete(SECRET_PARAM);
    return {
      kind: 'redirect',
      // One leading slash: "//host/" would send the browser to another site.
      location: url.pathname.replace(/^\/+/, '/') + url.search,
      setCookie: `${cookieName(port)}=${secret}; Path=/; HttpOnly; SameSite=Strict`
    };
  }
  const cookie = readCookie(request.cookie, cookieName(port));
  if (cookie !== undefined && sameSecret(cookie, secret)) {
    return { kind: 'serve' };
  }
  return {
    kind: 'refuse',
    reason:
      'This JupyterLite page is served only to the browser that opened the link jupyter-live-mcp lite printed ' +
      `on its stderr (http://127.0.0.1:${port}/lab/?${SECRET_PARAM}=...). Open that link; every run prints a new one.`
  };
}

function sameSecret(offered: string, secret: string): boolean {
  const a = Buffer.from(offered);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals !== -1 && part.slice(0, equals).trim() === name) {
      return part.slice(equals + 1).trim();
    }
  }
  return undefined;
}
