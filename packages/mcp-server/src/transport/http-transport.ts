/**
 * MCP over Streamable HTTP (--http), so several agents use one server at once.
 * Each MCP session gets its own SDK Server (the SDK binds one Server to one
 * transport); all of them share the one page router, so every session sees
 * the same pages and hears of their changes. Requests are checked against DNS
 * rebinding here, in our own node:http handler, before the SDK sees them.
 * Sessions are capped: at the cap the one idle longest gives way (session-room.ts),
 * and one whose client went away is closed after an hour. A POST's
 * body is read here too, so that params the SDK would refuse unclearly are
 * answered as invalid params naming the field, as on stdio.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { DEFAULT_MAX_REQUEST_BODY_SIZE, requestBodyTooLargeMessage } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Logger } from '../log.js';
import { isLoopbackAddress } from '../net/loopback-checks.js';
import { listenOrExplain } from '../net/listen-or-explain.js';
import { urlHost } from '../net/url-host.js';
import { refuseUnauthorized } from './http-auth.js';
import { refuseMcpRequest } from './http-request-checks.js';
import { oauthAnswer } from './oauth-discovery.js';
import { sessionToGiveWay, type SessionUse } from './session-room.js';
import { bodyProblemOf } from './message-problems.js';

export const MCP_PATH = '/mcp';

/**
 * A session whose client went away without ending it (no DELETE) would keep its
 * Server and router listener for ever; one with no open stream and no request
 * for this long is closed. A client that comes back after that gets "session
 * not found" and, as the MCP spec says, starts a new session.
 */
const DEFAULT_IDLE_MS = 60 * 60 * 1000;

/**
 * Sessions open at once: each keeps a Server (some 72 KiB) and a router
 * listener, so they are capped; a few agents need a few sessions, and at the
 * cap an idle one gives way.
 */
export const DEFAULT_MAX_SESSIONS = 32;

export interface McpHttpOptions {
  host: string;
  port: number;
  /** Origins allowed besides the loopback ones (--allow-origin). */
  allowOrigins: readonly string[];
  /** The key clients must send as `Authorization: Bearer` (http-auth.ts). */
  bearer: string;
  log: Logger;
  /** A fresh MCP Server for one session. */
  newServer(): Server;
  idleMs?: number;
  maxSessions?: number;
}

export interface McpHttpEndpoint {
  /** The MCP URL clients connect to, e.g. http://127.0.0.1:8080/mcp */
  url: string;
  port: number;
  readonly sessionCount: number;
  close(): Promise<void>;
}

interface Session extends SessionUse {
  transport: StreamableHTTPServerTransport;
}

export async function startMcpHttpEndpoint(options: McpHttpOptions): Promise<McpHttpEndpoint> {
  const { log } = options;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const sessions = new Map<string, Session>();
  /** Requests that may become a session: they count towards the cap until they have. */
  let opening = 0;
  // The session id is the key to the session: logs show only its start.
  const short = (id: string) => id.slice(0, 8);

  const track = (session: Session, response: ServerResponse) => {
    session.open++;
    session.lastActive = Date.now();
    response.on('close', () => {
      session.open--;
      session.lastActive = Date.now();
    });
  };

  /** Closes the session idle longest to make room for a new one; false when every session is in use. */
  const makeRoom = (): boolean => {
    const id = sessionToGiveWay(sessions);
    const session = id === undefined ? undefined : sessions.get(id);
    if (id === undefined || !session) {
      return false;
    }
    sessions.delete(id);
    log.info(
      `closing MCP session ${short(id)} to make room for a new one: ${maxSessions} are open, and it had no stream open and ` +
        `no request for ${Math.round((Date.now() - session.lastActive) / 1000)} s`
    );
    void session.transport.close();
    return true;
  };

  const openSession = async (request: IncomingMessage, response: ServerResponse, body: unknown) => {
    if (sessions.size + opening >= maxSessions && !makeRoom()) {
      log.warn(`refused a new MCP session: ${maxSessions} are open and each is in use, the most --http takes`);
      answerError(
        response,
        503,
        -32000,
        `This MCP endpoint has ${maxSessions} sessions open, the most it takes, and each has a stream open or a call in ` +
          'flight. End one you no longer use (close that agent or its MCP connection), or try again when a call has finished.'
      );
      return;
    }
    opening++;
    try {
      await startSession(request, response, body);
    } finally {
      opening--;
    }
  };

  const startSession = async (request: IncomingMessage, response: ServerResponse, body: unknown) => {
    const server = options.newServer();
    const session: Session = {
      transport: new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, session);
          log.info(`MCP session ${short(id)} opened (${sessions.size} open)`);
        }
      }),
      open: 0,
      lastActive: Date.now()
    };
    const { transport } = session;
    transport.onclose = () => {
      const id = transport.sessionId;
      if (id !== undefined && sessions.delete(id)) {
        log.info(`MCP session ${short(id)} closed (${sessions.size} open)`);
      }
    };
    try {
      await server.connect(transport);
      track(session, response);
      await transport.handleRequest(request, response, body);
    } finally {
      if (transport.sessionId === undefined) {
        // No session came of it (not an initialize request): this Server must not keep listening to the router.
        await server.close();
      }
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const refusal = refuseMcpRequest(request.headers, options.host, options.allowOrigins);
    if (refusal) {
      log.warn(`refused an MCP request: ${refusal}`);
      response.writeHead(403, { 'content-type': 'text/plain' }).end(`${refusal}\n`);
      return;
    }
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const oauth = oauthAnswer(request.method ?? 'GET', pathname);
    if (oauth) {
      log.debug(`answered ${request.method} ${pathname}: this endpoint takes a bearer key, not OAuth`);
      response.writeHead(oauth.status, { 'content-type': oauth.contentType }).end(oauth.body);
      return;
    }
    if (pathname !== MCP_PATH) {
      response
        .writeHead(404, { 'content-type': 'text/plain' })
        .end(`This is the jupyter-live-mcp MCP endpoint: connect your MCP client to ${MCP_PATH}.\n`);
      return;
    }
    const unauthorized = refuseUnauthorized(request.headers.authorization, options.bearer);
    if (unauthorized) {
      log.warn(`refused an MCP request: ${unauthorized}`);
      // No WWW-Authenticate: a Bearer challenge starts the OAuth flow of MCP's authorization spec in clients (which
      // this server does not offer: a key in a header is all it takes). A client that starts it anyway hears what
      // to do from the discovery answers (oauth-discovery.ts).
      answerError(response, 401, -32001, `jupyter-live-mcp: ${unauthorized}.`);
      return;
    }
    const posted = await postedBody(request);
    if (posted.kind === 'answered') {
      log.debug(`an MCP request refused before the SDK: ${posted.message}`);
      answerError(response, posted.status, posted.code, posted.message, posted.id);
      return;
    }
    const id = request.headers['mcp-session-id'];
    if (typeof id !== 'string') {
      await openSession(request, response, posted.body);
      return;
    }
    const session = sessions.get(id);
    if (!session) {
      answerError(response, 404, -32001, 'Session not found (it ended, or the server restarted): start a new session with initialize.');
      return;
    }
    if (request.method === 'GET') {
      log.debug(`MCP session ${short(id)}: notification stream open`);
    }
    track(session, response);
    await session.transport.handleRequest(request, response, posted.body);
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      log.error(`MCP request failed: ${error.message}`);
      if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'text/plain' });
      }
      response.end();
    });
  });
  const where = `--http ${urlHost(options.host, options.port)}`;
  await listenOrExplain(http, options.host, options.port, {
    busy: (holder) => `${where}: the port is already in use by ${holder}. Stop that program, or give --http another port.`,
    failed: (message) => `${where}: cannot listen there: ${message}`
  });
  http.on('error', (error) => log.error(`MCP endpoint: ${error.message}`));

  const reaper = setInterval(
    () => {
      for (const [id, session] of sessions) {
        if (session.open === 0 && Date.now() - session.lastActive > idleMs) {
          log.info(`closing MCP session ${short(id)}: no request for ${Math.round(idleMs / 60_000)} min (its client went away?)`);
          void session.transport.close();
        }
      }
    },
    Math.min(idleMs, 60_000)
  );
  reaper.unref();

  if (!isLoopbackAddress(options.host)) {
    log.warn(
      `the MCP endpoint listens on ${options.host}: anyone who can reach it and has the bearer key can drive your ` +
        'Jupyter pages, and plain HTTP carries that key readably. Prefer a loopback address unless you need this.'
    );
  }
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://${urlHost(options.host, port)}${MCP_PATH}`,
    port,
    get sessionCount() {
      return sessions.size;
    },
    close: async () => {
      clearInterval(reaper);
      await Promise.all([...sessions.values()].map((session) => session.transport.close()));
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  };
}

/** A refusal as a JSON-RPC error, the form MCP clients read and show; with the request's id where it is known (a body read here). */
function answerError(response: ServerResponse, status: number, code: number, message: string, id: string | number | null = null): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }));
}

type Posted =
  /** For the SDK: the parsed JSON of a POST, or undefined for any other request (the SDK reads or refuses it itself). */
  { kind: 'for-sdk'; body: unknown } | { kind: 'answered'; status: number; code: number; message: string; id: string | number | null };

/**
 * A JSON POST's body, read within the SDK's own limit and answered as the SDK
 * answers a body too large or not JSON; a message with params of the wrong
 * shape is answered here (message-problems.ts). Other requests are left to the
 * SDK, whose Content-Type refusal needs no body.
 */
async function postedBody(request: IncomingMessage): Promise<Posted> {
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (request.method !== 'POST' || mediaType !== 'application/json') {
    return { kind: 'for-sdk', body: undefined };
  }
  const tooLarge: Posted = {
    kind: 'answered',
    status: 413,
    code: -32000,
    message: requestBodyTooLargeMessage(DEFAULT_MAX_REQUEST_BODY_SIZE),
    id: null
  };
  if (Number(request.headers['content-length']) > DEFAULT_MAX_REQUEST_BODY_SIZE) {
    return tooLarge;
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > DEFAULT_MAX_REQUEST_BODY_SIZE) {
      return tooLarge;
    }
    chunks.push(chunk);
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return { kind: 'answered', status: 400, code: -32700, message: 'Parse error: Invalid JSON', id: null };
  }
  const problem = bodyProblemOf(json);
  return problem ? { kind: 'answered', status: 400, ...problem } : { kind: 'for-sdk', body: json };
}
