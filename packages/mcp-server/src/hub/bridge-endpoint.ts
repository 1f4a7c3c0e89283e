/**
 * The loopback WebSocket endpoint pages connect to. Upgrades are checked in the
 * HTTP `upgrade` handler, before a socket exists; each accepted socket becomes a
 * PageSession registered with the router.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { DEFAULT_HEARTBEAT_MS, MAX_HANDSHAKE_BYTES, printable } from '@jupyter-live-mcp/protocol';
import { PEER_LINES_PER_SECOND, guarded, rateLimited, type Logger } from '../log.js';
import { PageSession } from './page-session.js';
import type { PageRouter } from './page-router.js';
import { createStatusHandler, isStatusRequest } from './status-endpoint.js';
import { MAX_UNPROVED_CONNECTIONS, UnprovedConnections } from './unproved-connections.js';
import { TokenMismatches, mismatchFix, mismatchSource } from '../pairing/token-mismatches.js';
import { isAllowedOrigin, isLoopbackAddress, isServedHost } from '../net/loopback-checks.js';
import { explainListenError, listen, type ListenAdvice } from '../net/listen-or-explain.js';
import { urlHost } from '../net/url-host.js';

export interface BridgeEndpointOptions {
  /** Addresses to listen on; one that does not exist here (::1 without IPv6) is skipped. */
  hosts: string[];
  token: string;
  /** Origins allowed besides the loopback ones. */
  allowOrigins?: string[];
  port: number;
  router: PageRouter;
  log: Logger;
  serverVersion: string;
  maxMessageBytes: number;
  handshakeTimeoutMs?: number;
  /** The heartbeat's period (--heartbeat-seconds); default protocol's DEFAULT_HEARTBEAT_MS. */
  heartbeatMs?: number;
  /** How long a connection may take to send its request headers (an upgrade, GET /status); default REQUEST_TIMEOUT_MS. */
  requestTimeoutMs?: number;
  /** How many connections may wait at once without having proved a token; default MAX_UNPROVED_CONNECTIONS. */
  maxUnprovedConnections?: number;
  /** Ports pages may dial besides the one listened on, where a forward or proxy stands between (--public-port). */
  publicPorts?: readonly number[];
  /** How this server runs, for the advice a busy port gets; default 'stdio'. */
  runsAs?: ServerRole;
}

/** A server an MCP client started over stdio, one for several agents (--http), or lite, which tells its own page the port. */
export type ServerRole = 'stdio' | 'http' | 'lite';

/** A connection that has not sent its request headers in this time is closed (408): silent sockets cannot pile up. */
export const REQUEST_TIMEOUT_MS = 5_000;

export interface BridgeEndpoint {
  /** The port actually listened on (useful with port 0). */
  port: number;
  url: string;
  /**
   * Pages from these origins prove `token` instead of the pairing token: lite's
   * page gets a token of its own run, so the page (and the secret that guards
   * it) never holds the token the person's JupyterLab pages trust. Their ids
   * are `<scope>:<id>`, and they get no call meant for a page of the pairing
   * token (page-router.ts).
   */
  pairOrigins(origins: readonly string[], token: string, scope: string): void;
  /** A page refused within the last minute because its pairing token is not this server's: where from, and the fix, in words. */
  recentTokenMismatch(): { source: string; fix: string } | undefined;
  close(): Promise<void>;
}

export async function startBridgeEndpoint(options: BridgeEndpointOptions): Promise<BridgeEndpoint> {
  const { log, router } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes });
  const originTokens = new Map<string, { token: string; scope: string }>();
  // Anyone can open connections: what they make the server write is limited for all of them together.
  const strangersLog = rateLimited(log, PEER_LINES_PER_SECOND, () => 'connections that have not proved a token');
  const maxUnproved = options.maxUnprovedConnections ?? MAX_UNPROVED_CONNECTIONS;
  const unproved = new UnprovedConnections(maxUnproved, () =>
    strangersLog.warn(`dropped the oldest of ${maxUnproved} connections that have not proved a token, for a newer one`)
  );
  const mismatches = new TokenMismatches();
  const reportMismatch = (origin: string) => {
    const { log: now, leftOut } = mismatches.refused(origin);
    if (now) {
      strangersLog.warn(
        `token mismatch: a page ${mismatchSource(origin)} tried to connect, but its pairing token is not this server's: ` +
          `${mismatchFix(originTokens.has(origin))}.` +
          (leftOut ? ` (It tried ${leftOut} more times since the last line; one line a minute.)` : '')
      );
    }
  };
  const onUpgrade = guarded(
    log,
    'a WebSocket upgrade',
    (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      // Until ws takes the socket over: a client that resets it would otherwise raise an unhandled 'error'.
      socket.on('error', () => {});
      const refusal = refuseUpgrade(request, options.allowOrigins ?? [], options.hosts);
      if (refusal) {
        strangersLog.warn(`refused a connection: ${printable(refusal)}`);
        // Let go once written: a client that never closes its side would hold the socket.
        socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${refusal}\n`, () => socket.destroy());
        return;
      }
      const ownToken = originTokens.get(request.headers.origin ?? '');
      const origin = request.headers.origin ?? '(no Origin)';
      // ws may call this later, outside the guard around this handler.
      const startSession = guarded(
        log,
        'a new page session',
        (ws: WebSocket) => {
          unproved.upgraded(socket as Socket, MAX_HANDSHAKE_BYTES, () =>
            strangersLog.warn(
              `closed a connection (from ${printable(origin)}) that sent more than ${MAX_HANDSHAKE_BYTES} bytes before proving a token`
            )
          );
          new PageSession(ws, {
            log,
            strangersLog,
            token: ownToken?.token ?? options.token,
            ...(ownToken ? { scope: ownToken.scope } : {}),
            ports: [request.socket.localPort!, ...(options.publicPorts ?? [])],
            origin,
            serverVersion: options.serverVersion,
            maxMessageBytes: options.maxMessageBytes,
            handshakeTimeoutMs: options.handshakeTimeoutMs ?? 10_000,
            heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
            onPaired: () => {
              unproved.proved(socket);
              mismatches.paired(request.headers.origin ?? '');
            },
            onTokenMismatch: () => reportMismatch(request.headers.origin ?? ''),
            onChanged: (session) => router.update(session),
            onClose: (session) => router.remove(session)
          });
        },
        (ws) => ws.terminate()
      );
      wss.handleUpgrade(request, socket, head, startSession);
    },
    (_request, socket) => socket.destroy()
  );

  const answerStatus = createStatusHandler({ token: options.token, serverVersion: options.serverVersion, router });
  // Plain HTTP meets the same Host and Origin checks as an upgrade: /status says what pages are connected.
  const onRequest = guarded(
    log,
    'a plain HTTP request',
    (request: IncomingMessage, response: ServerResponse) => {
      const refusal = refuseUpgrade(request, options.allowOrigins ?? [], options.hosts);
      if (refusal) {
        response.writeHead(403, { 'content-type': 'text/plain' }).end(`${refusal}\n`);
      } else if (isStatusRequest(request)) {
        answerStatus(request, response);
      } else {
        answerPlainHttp(response);
      }
    },
    (_request, response) => response.destroy()
  );

  // The first address fixes the port (port 0 picks one); the others take the same.
  const servers: Server[] = [];
  const listening: string[] = [];
  let port = options.port;
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  for (const host of options.hosts) {
    const http = createServer(
      { headersTimeout: requestTimeout, requestTimeout, connectionsCheckingInterval: Math.min(1_000, requestTimeout) },
      onRequest
    );
    http.on('connection', (socket: Socket) => unproved.admit(socket));
    http.on('upgrade', onUpgrade);
    try {
      await listen(http, host, port);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (servers.length > 0 && (code === 'EADDRNOTAVAIL' || code === 'EAFNOSUPPORT')) {
        log.debug(`not listening on ${host}: ${(error as Error).message}`);
        continue;
      }
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      if (servers.length > 0 && code === 'EADDRINUSE' && (await canListen(host, port))) {
        // Free once this endpoint let go: two --host values that are one address (localhost and 127.0.0.1).
        throw new Error(
          `cannot listen on ${host}:${port} as well as on ${listening.join(', ')}: ` +
            `the --host values overlap (a name and its address, or 0.0.0.0 and another). Give each address once.`
        );
      }
      throw await explainListenError(error, port, bridgePortAdvice(host, port, options.runsAs ?? 'stdio'));
    }
    http.on('error', (error) => log.error(`bridge endpoint: ${error.message}`));
    port = (http.address() as AddressInfo).port;
    servers.push(http);
    listening.push(host);
  }
  if (options.hosts.some((host) => !isLoopbackAddress(host))) {
    log.warn(
      `listening on ${options.hosts.join(', ')}: other machines can reach the bridge endpoint. ` +
        'Pages must still prove the pairing token, but prefer loopback unless you need this.'
    );
  }
  const first = options.hosts[0]!;
  return {
    port,
    url: `ws://${urlHost(first, port)}`,
    pairOrigins(origins, token, scope) {
      for (const origin of origins) {
        originTokens.set(origin, { token, scope });
      }
    },
    recentTokenMismatch() {
      const origin = mismatches.recent();
      return origin === undefined ? undefined : { source: mismatchSource(origin), fix: mismatchFix(originTokens.has(origin)) };
    },
    close: async () => {
      for (const client of wss.clients) {
        client.terminate();
      }
      wss.close();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  };
}

function answerPlainHttp(response: ServerResponse): void {
  response.writeHead(426, { 'content-type': 'text/plain' });
  response.end(
    'This is the jupyter-live-mcp bridge endpoint. Pages connect here over WebSocket through the jupyter-live-mcp-bridge extension.\n'
  );
}

async function canListen(host: string, port: number): Promise<boolean> {
  const probe = createServer();
  try {
    await listen(probe, host, port);
    return true;
  } catch {
    return false;
  } finally {
    await new Promise((resolve) => probe.close(resolve));
  }
}

function refuseUpgrade(request: IncomingMessage, allowOrigins: readonly string[], listenHosts: readonly string[]): string | undefined {
  if (!isServedHost(request.headers.host, listenHosts)) {
    return `Host ${JSON.stringify(request.headers.host)} is neither a loopback name, an IP address nor a name given to --host`;
  }
  if (!isAllowedOrigin(request.headers.origin, allowOrigins)) {
    return `Origin ${JSON.stringify(request.headers.origin)} is not allowed (start the server with --allow-origin ${request.headers.origin ?? ''} to allow it)`;
  }
  return undefined;
}

/** What to do about the bridge port, by how this server runs: only the person's own pages need their serverUrls changed. */
export function bridgePortAdvice(host: string, port: number, runsAs: ServerRole): ListenAdvice {
  const where = `port ${port} on ${host}`;
  const serverUrls =
    `add ws://${urlHost(host, '<that port>')} to the bridge's "serverUrls" setting ` +
    '(it takes several; jupyter-live-mcp doctor checks the setup)';
  const busy = {
    stdio: (holder: string) =>
      `${where} is already in use by ${holder}. This MCP client starts a server of its own over stdio, and it needs ` +
      "a port of its own: stop the other one if it is a jupyter-live-mcp (another MCP client's, or a second entry " +
      `of this client's configuration), or give this one --port <another port> in the MCP client's configuration and ${serverUrls}. ` +
      'For several agents on one server, run it once with --http.',
    http: (holder: string) =>
      `${where} is already in use by ${holder}. Stop that program (if it is another jupyter-live-mcp --http, your ` +
      `agents can all use that one instead), or start this one with --port <another port> and ${serverUrls}.`,
    // lite opens this port before its page's, so a second lite with default ports fails here first.
    lite: (holder: string) =>
      `${where} (lite's bridge endpoint) is already in use by ${holder}: probably another jupyter-live-mcp lite or server ` +
      'is running. Stop it, or start this one with --port <another port>, and with --lite-port <another port> too if the ' +
      'other is a lite (it holds that port as well). lite tells its page the port itself; notebooks saved in the browser ' +
      'are kept per --lite-port, so another one starts empty.'
  }[runsAs];
  return { busy, failed: (message) => `cannot listen on ${host}:${port}: ${message}` };
}
