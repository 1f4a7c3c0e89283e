/**
 * The value of `--http [host:]port`, parsed. Pure, so every form and every
 * mistake is unit-tested. An IPv6 host needs brackets ([::1]:8080): without
 * them, which colon starts the port is a guess.
 */

/** Where the MCP endpoint listens when --http names only a port: loopback, never the network. */
export const DEFAULT_HTTP_HOST = '127.0.0.1';

export interface HttpAddress {
  /** As given, without brackets (an IPv6 address is bare here, as node:net wants it). */
  host: string;
  port: number;
}

const FORMS = 'a port (8080) or host:port (127.0.0.1:8080, localhost:8080, [::1]:8080)';

/** Returns the address, or throws an Error whose message says what is accepted. */
export function parseHttpAddress(text: string): HttpAddress {
  const bad = (why: string) => new Error(`--http must be ${FORMS}, not ${JSON.stringify(text)}: ${why}.`);
  let host = DEFAULT_HTTP_HOST;
  let portText = text;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    throw bad('leave out the scheme (the endpoint is always http://host:port/mcp)');
  }
  if (text.startsWith('[')) {
    const match = /^\[([0-9a-fA-F:.]+)\]:(.*)$/.exec(text);
    if (!match) {
      throw bad('a bracketed IPv6 host must be followed by :port');
    }
    host = match[1]!;
    portText = match[2]!;
  } else if (text.includes(':')) {
    const colon = text.lastIndexOf(':');
    host = text.slice(0, colon);
    portText = text.slice(colon + 1);
    if (host.includes(':')) {
      throw bad('put an IPv6 host in brackets');
    }
    if (!/^[A-Za-z0-9.-]+$/.test(host)) {
      throw bad(host ? `${JSON.stringify(host)} is not a host name or address` : 'the host before ":" is empty');
    }
  }
  if (!/^\d+$/.test(portText) || Number(portText) > 65535) {
    throw bad('the port must be a whole number from 0 to 65535');
  }
  return { host, port: Number(portText) };
}
