/**
 * Which WebSocket upgrades the bridge endpoint accepts (SPEC §6). A web page the
 * person visits can open a WebSocket to any local port, and a DNS-rebinding page
 * can even appear under a loopback address, so both the Host and the Origin of an
 * upgrade are checked before a socket exists.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `Host` must name a loopback host (any port). */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) {
    return false;
  }
  return LOOPBACK_HOSTS.has(hostWithoutPort(host.toLowerCase()));
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
