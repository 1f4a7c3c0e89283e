/**
 * The hub's side of the join channel (protocol's join-channel.ts): servers of
 * other agents that found the port held by this one join here, over loopback,
 * proving the pairing token. Each joined agent gets an MCP session of its own
 * (its own page selection, its own calls in flight), as an --http session does.
 * When this server stops it hands over: each joined server hears `leaving`,
 * stops sending, and the channel closes once its calls are answered, so the one
 * that takes the port over has nothing half-done.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  JOIN_CLOSE_CODES,
  PAIRING_CRYPTO,
  hubJoinStep,
  parseJoinerMessage,
  printable,
  type HubJoinAction,
  type HubJoinState,
  type HubMessage
} from '@jupyter-live-mcp/protocol';
import { guarded, type Logger } from '../log.js';
import type { PageSelection } from '../mcp/define-server-tool.js';

/**
 * How long a handover waits for a joined agent's calls to be answered. It must fit in the time an MCP client gives
 * a server it stops (the SDK's stdio client: 2 s after closing stdin, then SIGTERM, then SIGKILL 2 s later); a call
 * still running then is answered by the joined server as one that may or may not have finished (agent-link.ts).
 */
export const HANDOVER_WAIT_MS = 3_000;
/** A joining server that has not proved the token in this time is let go. */
const JOIN_HANDSHAKE_MS = 5_000;

export interface HubJoinsOptions {
  token: string;
  serverVersion: string;
  maxMessageBytes: number;
  log: Logger;
  /** An MCP session for a joined agent: `agent` names it in log lines, `selection` is its own. */
  newServer(agent: string, selection: PageSelection): Server;
}

export interface HubJoins {
  /** An upgrade to the join path that passed the endpoint's checks. */
  accept(request: IncomingMessage, socket: Duplex, head: Buffer, port: number): void;
  readonly count: number;
  /** Tells every joined server this one is going, and resolves once each has its calls answered (or the wait is over). */
  handOver(pages: number): Promise<void>;
  close(): void;
}

export function createHubJoins(options: HubJoinsOptions): HubJoins {
  const { log } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes });
  const agents = new Set<JoinedAgent>();
  return {
    accept(request, socket, head, port) {
      wss.handleUpgrade(
        request,
        socket,
        head,
        guarded(log, 'a joining server', (ws: WebSocket) => {
          const agent = new JoinedAgent(ws, port, options, () => agents.delete(agent));
          agents.add(agent);
        })
      );
    },
    get count() {
      return [...agents].filter((agent) => agent.joined).length;
    },
    async handOver(pages) {
      await Promise.all([...agents].map((agent) => agent.handOver(pages)));
    },
    close() {
      for (const agent of agents) agent.close(JOIN_CLOSE_CODES.handedOver, 'the server is stopping');
      wss.close();
    }
  };
}

class JoinedAgent {
  private state: HubJoinState = { phase: 'awaiting-join' };
  private transport: ChannelTransport | undefined;
  private server: Server | undefined;
  private readonly selection: PageSelection = {};
  private readonly timer: ReturnType<typeof setTimeout>;
  private left = false;
  private settled: (() => void) | undefined;

  constructor(
    private readonly ws: WebSocket,
    private readonly port: number,
    private readonly options: HubJoinsOptions,
    private readonly onGone: () => void
  ) {
    const { log } = options;
    this.timer = setTimeout(() => this.close(JOIN_CLOSE_CODES.failed, 'no proof of the token in time'), JOIN_HANDSHAKE_MS);
    ws.on(
      'message',
      guarded(log, 'a joined server message', (data: RawData) => this.receive(data))
    );
    ws.on(
      'close',
      guarded(log, 'a joined server leaving', () => this.gone())
    );
    ws.on('error', (error) => log.debug(`join channel: ${error.message}`));
  }

  get joined(): boolean {
    return this.state.phase === 'joined';
  }

  handOver(pages: number): Promise<void> {
    if (!this.joined) {
      this.close(JOIN_CLOSE_CODES.handedOver, 'the server is stopping');
      return Promise.resolve();
    }
    const selected = this.selection.pageId;
    this.send({ type: 'leaving', pages, ...(selected === undefined ? {} : { selectedPageId: selected }) });
    return new Promise<void>((resolve) => {
      const wait = setTimeout(() => finish(), HANDOVER_WAIT_MS);
      const finish = () => {
        this.settled = undefined;
        clearTimeout(wait);
        this.close(JOIN_CLOSE_CODES.handedOver, 'the server handed its port over');
        resolve();
      };
      this.settled = finish;
      this.checkSettled();
    });
  }

  close(code: number, reason: string): void {
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) this.ws.close(code, reason);
    this.gone();
  }

  private receive(data: RawData): void {
    const { state, actions } = hubJoinStep(this.state, parseJoinerMessage(data.toString()), {
      token: this.options.token,
      port: this.port,
      serverVersion: this.options.serverVersion,
      pid: process.pid,
      crypto: PAIRING_CRYPTO
    });
    this.state = state;
    for (const action of actions) this.act(action);
  }

  private act(action: HubJoinAction): void {
    switch (action.do) {
      case 'send':
        this.send(action.message);
        return;
      case 'close':
        this.options.log.warn(`refused a joining server: ${printable(action.reason)}`);
        this.close(action.code, action.reason);
        return;
      case 'joined': {
        clearTimeout(this.timer);
        const name = `joined server pid ${action.pid}`;
        this.options.log.info(`an agent joined: ${name}`);
        this.transport = new ChannelTransport((message) => {
          this.send({ type: 'mcp', message: message as Record<string, unknown> });
          this.checkSettled();
        });
        this.server = this.options.newServer(name, this.selection);
        void this.server.connect(this.transport);
        return;
      }
      case 'mcp':
        this.transport?.receive(action.message as JSONRPCMessage);
        return;
      case 'left':
        this.left = true;
        this.checkSettled();
        return;
    }
  }

  /** Handing over, the channel closes once the joined server stopped sending and has all its answers. */
  private checkSettled(): void {
    if (this.settled && this.left && this.transport?.pending === 0) this.settled();
  }

  private send(message: HubMessage): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }

  private gone(): void {
    clearTimeout(this.timer);
    this.state = { phase: 'closed' };
    const server = this.server;
    this.server = undefined;
    void server?.close();
    // A joined server that went while the hub handed over has nothing left to wait for.
    this.settled?.();
    this.onGone();
  }
}

/** The SDK's view of one joined agent's channel; counts the requests it has not answered yet. */
class ChannelTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly unanswered = new Set<string | number>();

  constructor(private readonly deliver: (message: JSONRPCMessage) => void) {}

  get pending(): number {
    return this.unanswered.size;
  }

  async start(): Promise<void> {}

  receive(message: JSONRPCMessage): void {
    if ('method' in message && 'id' in message) this.unanswered.add(message.id);
    this.onmessage?.(message);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!('method' in message) && 'id' in message && message.id !== null && message.id !== undefined) this.unanswered.delete(message.id);
    this.deliver(message);
  }

  async close(): Promise<void> {
    this.onclose?.();
  }
}
