/**
 * Which HTTP requests the MCP endpoint (--http) serves: the MCP spec's defence
 * against DNS rebinding. A web page the person visits can send requests to a
 * local port, and a rebinding page even appears under the attacker's own host
 * name resolved to 127.0.0.1, so the Host header must be a name we listen
 * under and the Origin, when a browser sends one, must be allowed.
 */
import { isAllowedOrigin, isServedHost } from '../net/loopback-checks.js';

export interface RequestHeaders {
  host?: string | undefined;
  origin?: string | undefined;
}

/**
 * Why the request is refused, or undefined when it may go on. Host may be a
 * loopback name, an IP address (rebinding needs a DNS name, so an address is
 * never one) or the host --http named; Origin is as for the bridge endpoint.
 */
export function refuseMcpRequest(headers: RequestHeaders, listenHost: string, allowOrigins: readonly string[]): string | undefined {
  if (!isServedHost(headers.host, [listenHost])) {
    return (
      `Host ${JSON.stringify(headers.host ?? '')} is not a name this server listens under; ` +
      'use http://127.0.0.1:<port>/mcp or the host given to --http'
    );
  }
  if (!isAllowedOrigin(headers.origin, allowOrigins)) {
    return `Origin ${JSON.stringify(headers.origin)} is not allowed (start the server with --allow-origin ${headers.origin} to allow it)`;
  }
  return undefined;
}
