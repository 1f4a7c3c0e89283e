/**
 * The loopback WebSocket endpoint pages connect to. Upgrades are checked in the
 * HTTP `upgrade` handler, before a socket exists; each accepted socket becomes a
 * PageSession registered with the router.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Logger } from '../log.js';
import { PageSession } from './page-session.js';
import type { PageRouter } from './page-router.js';
import { isAllowedOrigin, isLoopbackHost } from './upgrade-checks.js';

export interface BridgeEndpointOptions {
  host: string;
  port: number;
  router: PageRouter;
  log: Logger;
  serverVersion: string;
  maxMessageBytes: number;
  handshakeTimeoutMs?: number;
}

export interface BridgeEndpoint {
  /** The port actually listened on (useful with port 0). */
  port: number;
  url: string;
  close(): Promise<void>;
}

export async function startBridgeEndpoint(options: BridgeEndpointOptions): Promise<BridgeEndpoint> {
  const { log, router } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes });
  const http = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' });
    response.end('This is the jupyter-live-mcp bridge endpoint. Pages connect here over WebSocket through the jupyter-live-mcp-bridge extension.\n');
  });

  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = refuseUpgrade(request);
    if (refusal) {
      log.warn(`refused a connection: ${refusal}`);
      socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${refusal}\n`);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      new PageSession(ws, {
        log,
        serverVersion: options.serverVersion,
        maxMessageBytes: options.maxMessageBytes,
        handshakeTimeoutMs: options.handshakeTimeoutMs ?? 10_000,
        onCatalogue: (session) => router.update(session),
        onClose: (session) => router.remove(session)
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', (error: NodeJS.ErrnoException) => reject(describeListenError(error, options)));
    http.listen(options.port, options.host, () => resolve());
  });
  http.on('error', (error) => log.error(`bridge endpoint: ${error.message}`));

  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    port,
    url: `ws://${host}:${port}`,
    close: async () => {
      for (const client of wss.clients) {
        client.terminate();
      }
      wss.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  };
}

function refuseUpgrade(request: IncomingMessage): string | undefined {
  if (!isLoopbackHost(request.headers.host)) {
    return `Host ${JSON.stringify(request.headers.host)} is not a loopback name`;
  }
  if (!isAllowedOrigin(request.headers.origin)) {
    return `Origin ${JSON.stringify(request.headers.origin)} is not allowed`;
  }
  return undefined;
}

function describeListenError(error: NodeJS.ErrnoException, options: BridgeEndpointOptions): Error {
  if (error.code === 'EADDRINUSE') {
    return new Error(
      `port ${options.port} on ${options.host} is already in use, maybe by another jupyter-live-mcp. ` +
        `Stop that program, or start this one with --port <another port> and set the same port in the ` +
        `bridge's "serverUrls" setting.`
    );
  }
  return new Error(`cannot listen on ${options.host}:${options.port}: ${error.message}`);
}
