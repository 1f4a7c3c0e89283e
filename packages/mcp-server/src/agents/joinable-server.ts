/**
 * A stdio server that shares the bridge port with the servers of other agents
 * (SPEC §8, several agents): join-state.ts decides the part it plays, this runs
 * it. Hosting, it holds the port, the pages connect to it, and joined servers'
 * agents get MCP sessions of their own here (hub-joins.ts); joined, its agent's
 * messages go to the hub (join-hub.ts); blocked, a server here answers every
 * call with why. The agent's MCP session stays one across these (agent-link.ts).
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { startBridgeEndpoint, type BridgeEndpoint, type ServerRole } from '../hub/bridge-endpoint.js';
import { PageRouter } from '../hub/page-router.js';
import type { LiteOptions } from '../lite/start-lite.js';
import type { Logger } from '../log.js';
import { buildMcpServer, type McpServerOptions } from '../mcp/mcp-server.js';
import { urlHost } from '../net/url-host.js';
import { describePortHolder } from '../net/port-holder.js';
import { PairedOrigins } from '../pairing/paired-origins.js';
import { pairedOrigins } from '../pairing/pairing-token.js';
import { AgentLink } from './agent-link.js';
import { createHubJoins, type HubJoins } from './hub-joins.js';
import { joinHub, type HubChannel } from './join-hub.js';
import { blockedReason, lostCallReason } from './join-messages.js';
import { JOIN_START, joinStep, type Handover, type JoinAction, type JoinEvent, type JoinState } from './join-state.js';
import { pagesReturning, type ExpectedPages } from './pages-returning.js';

/** What a server needs to host the port: ServerOptions' part of it, the token, how it runs. */
export interface HostSettings {
  hosts: string[];
  port: number;
  publicPorts: readonly number[];
  allowOrigins: string[];
  maxMessageBytes: number;
  heartbeatMs?: number;
  token: string;
  version: string;
  log: Logger;
  runsAs: ServerRole;
  lite?: LiteOptions;
}

/** This server holding the port: its endpoint, its pages, the joined agents, lite's page if it runs lite. */
export interface Hosting {
  endpoint: BridgeEndpoint;
  router: PageRouter;
  joins: HubJoins;
  /** An MCP session of this hub: the server's own client's, a joined agent's, an --http session's. */
  newServer(extra: Pick<McpServerOptions, 'agent' | 'selection'>): Server;
  /** After a takeover: the pages are on their way back, for this server's client and for every agent that joins meanwhile. */
  expectPagesBack(): void;
  /** Hands the port over to the joined servers (if any), then lets go of it. */
  stop(): Promise<void>;
}

/** Listens on the bridge port (throws as startBridgeEndpoint does, code EADDRINUSE when it is busy) and starts lite's page if asked. */
export async function startHosting(settings: HostSettings): Promise<Hosting> {
  const { log, version } = settings;
  const router = new PageRouter();
  let expectedPages: ExpectedPages | undefined;
  let newServer: Hosting['newServer'] = () => {
    throw new Error('not listening yet');
  };
  const joins = createHubJoins({
    token: settings.token,
    serverVersion: version,
    maxMessageBytes: settings.maxMessageBytes,
    log,
    newServer: (agent, selection) => newServer({ agent, selection })
  });
  const endpoint = await startBridgeEndpoint({
    pairedOrigins: new PairedOrigins(() => pairedOrigins()),
    hosts: settings.hosts,
    publicPorts: settings.publicPorts,
    allowOrigins: settings.allowOrigins,
    token: settings.token,
    port: settings.port,
    router,
    log,
    serverVersion: version,
    maxMessageBytes: settings.maxMessageBytes,
    runsAs: settings.runsAs,
    joins,
    ...(settings.heartbeatMs ? { heartbeatMs: settings.heartbeatMs } : {})
  });
  log.info(`jupyter-live-mcp ${version}: waiting for pages on ${endpoint.url}`);
  // Loaded only for lite: a server without it never holds the site server and browser launch.
  const lite =
    settings.lite &&
    (await import('../lite/start-lite.js')).startLite(settings.lite, {
      serverUrl: endpoint.url,
      pairOrigins: endpoint.pairOrigins,
      router,
      log
    });
  newServer = (extra) =>
    buildMcpServer({
      router,
      log,
      version,
      bridgeUrl: endpoint.url,
      tokenMismatch: endpoint.recentTokenMismatch,
      remotePages: endpoint.remotePages,
      ...(lite ? { lite: lite.page } : {}),
      ...(expectedPages ? { expectedPages } : {}),
      ...extra
    });
  return {
    endpoint,
    router,
    joins,
    newServer,
    expectPagesBack() {
      expectedPages = pagesReturning(router);
    },
    async stop() {
      if (joins.count > 0) {
        log.info(`handing the bridge port over to the ${joins.count} server(s) that joined this one`);
      }
      await joins.handOver(router.pages().length);
      await lite?.stop();
      await endpoint.close();
    }
  };
}

/** Runs the server's part until `stop` is called; `transport` is the agent's stdio, not yet started. */
export function runJoinableServer(
  settings: HostSettings,
  transport: { onmessage?: (message: JSONRPCMessage) => void; start(): Promise<void>; send(message: JSONRPCMessage): Promise<void> }
): { stop(): Promise<void> } {
  const { log } = settings;
  const host = settings.hosts[0]!;
  const link = new AgentLink((message) => void transport.send(message), lostCallReason);
  transport.onmessage = (message) => link.fromClient(message);
  let state: JoinState = JOIN_START.state;
  let hosting: Hosting | undefined;
  let hub: HubChannel | undefined;
  let local: { server: Server; blocked?: string } | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopping = false;
  // One action at a time, in order: an event's actions run after the ones before them.
  let queue: Promise<void> = Promise.resolve();

  const step = (event: JoinEvent) => {
    if (stopping) return;
    const next = joinStep(state, event);
    state = next.state;
    for (const action of next.actions) {
      queue = queue.then(() => act(action)).catch((error: Error) => log.error(`joining: ${error.message}`));
    }
  };

  const serveLocally = async (server: Server, blocked?: string) => {
    if (local || hub) link.detach();
    const old = local;
    const [ours, theirs] = InMemoryTransport.createLinkedPair();
    ours.onmessage = (message) => link.fromSink(message);
    await ours.start();
    await server.connect(theirs);
    local = { server, ...(blocked ? { blocked } : {}) };
    link.attach({ send: (message) => void ours.send(message) });
    await old?.server.close();
  };

  const act = async (action: JoinAction): Promise<void> => {
    if (stopping) return;
    switch (action.do) {
      case 'listen':
        try {
          hosting = await startHosting(settings);
          step({ kind: 'listened' });
        } catch (error) {
          const { code, message } = error as NodeJS.ErrnoException;
          step(code === 'EADDRINUSE' ? { kind: 'port-busy' } : { kind: 'listen-failed', message });
        }
        return;
      case 'join': {
        const outcome = await joinHub({
          host,
          port: settings.port,
          token: settings.token,
          maxMessageBytes: settings.maxMessageBytes,
          log,
          onMessage: (message) => link.fromSink(message),
          onLeaving: () => link.pause(),
          onLost: (leaving) => {
            hub = undefined;
            if (!stopping) log.info('the server this one joined has gone: taking the bridge port over');
            step({ kind: 'hub-lost', ...(leaving ? { leaving } : {}) });
          }
        });
        if (outcome.kind === 'joined') {
          hub = outcome.channel;
          step({ kind: 'joined', hubPid: outcome.channel.hubPid });
        } else {
          step({ kind: 'join-failed', refusal: outcome.refusal });
        }
        return;
      }
      case 'relay': {
        if (local) link.detach();
        const old = local;
        local = undefined;
        const channel = hub!;
        link.attach({ send: (message) => channel.send(message) });
        await old?.server.close();
        log.info(
          `port ${settings.port} is held by another jupyter-live-mcp server of this user (pid ${channel.hubPid}): joined it, ` +
            "so this agent reaches that server's pages, with its own page selection"
        );
        return;
      }
      case 'hold':
        link.detach();
        return;
      case 'serve-here':
        if (action.handover?.pagesExpected) hosting!.expectPagesBack();
        await serveLocally(hosting!.newServer({ agent: 'this server’s MCP client', ...keptSelection(action.handover) }));
        return;
      case 'refuse': {
        const reason = blockedReason(action.blocked, host, settings.port, await describePortHolder(settings.port));
        if (local?.blocked === reason) return;
        log.warn(reason);
        const router = new PageRouter();
        await serveLocally(
          buildMcpServer({
            router,
            log,
            version: settings.version,
            bridgeUrl: `ws://${urlHost(host, settings.port)}`,
            unreachable: () => reason
          }),
          reason
        );
        return;
      }
      case 'retry-in':
        retryTimer = setTimeout(() => step({ kind: 'retry' }), action.ms);
        return;
    }
  };

  void transport.start();
  for (const action of JOIN_START.actions) {
    queue = queue.then(() => act(action));
  }
  return {
    async stop() {
      stopping = true;
      clearTimeout(retryTimer);
      await queue.catch(() => {});
      await hosting?.stop();
      hub?.close();
      await local?.server.close();
    }
  };
}

/** After a takeover the agent's page selection is kept. */
function keptSelection(handover: Handover | undefined): Pick<McpServerOptions, 'selection'> {
  return handover?.selectedPageId === undefined ? {} : { selection: { pageId: handover.selectedPageId } };
}
