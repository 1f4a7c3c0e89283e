/**
 * Which WebSocket upgrades the bridge endpoint accepts (SPEC §6). A web page the
 * person visits can open a WebSocket to any local port, and a DNS-rebinding page
 * can even appear under a loopback address, so both the Host and the Origin of an
 * upgrade are checked before a socket exists.
 */

import { isIP } from 'node:net';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An address to listen on that only this machine reaches. */
export function isLoopbackAddress(host: string): boolean {
  return host === '::1' || host === 'localhost' || host.startsWith('127.');
}

/** `Host` must name a loopback host (any port). */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) {
    return false;
  }
  return LOOPBACK_HOSTS.has(hostWithoutPort(host.toLowerCase()));
}

/**
 * `Host` must name a host the server is reached under (any port): a loopback
 * name, an IP address (DNS rebinding needs a domain name, so an address never is
 * one) or one of `listenHosts` (the names given to --host or --http).
 */
export function isServedHost(host: string | undefined, listenHosts: readonly string[] = []): boolean {
  // Only the characters of a host name, an address and a port: no userinfo or path to confuse URL parsing.
  if (!host || !/^[A-Za-z0-9.:[\]-]+$/.test(host)) {
    return false;
  }
  if (isLoopbackHost(host)) {
    return true;
  }
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  const bare = name.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) !== 0 || listenHosts.some((listened) => listened.toLowerCase() === bare);
}

/**
 * `Origin` must be http(s) on a loopback host (any port), or one of
 * `extraOrigins` exactly. A missing Origin is a non-browser client; it is
 * allowed here and must prove the pairing token like any page.
 */
export function isAllowedOrigin(origin: string | undefined, extraOrigins: readonly string[] = []): boolean {
  if (origin === undefined) {
    return true;
  }
  if (extraOrigins.includes(origin)) {
    return true;
  }
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
}

function hostWithoutPort(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(0, end + 1);
  }
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}
