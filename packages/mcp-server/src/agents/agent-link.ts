/**
 * One agent's MCP messages on their way to whatever serves them now (a server
 * here, or the hub this server joined), so that the MCP client keeps one
 * session while that changes under it:
 *
 *   held      while there is nowhere to send them (the port is being taken
 *             over), messages wait, in order
 *   replayed  a new place that has not heard the client's initialize hears it
 *             first (and its initialized), its answer kept from the client,
 *             which had one already
 *   answered  a request the old place never answered is sent again if it
 *             changes nothing (tools/list, ping…); a tools/call is answered
 *             once, saying it may or may not have run, never run twice
 *
 * No I/O here: what to send where comes in and goes out through callbacks.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { fail } from '@jupyter-live-mcp/protocol';
import { toCallToolResult } from '../mcp/result-mapping.js';

/** Where an agent's messages go: a server of this process, or the join channel. */
export interface AgentSink {
  send(message: JSONRPCMessage): void;
}

type RequestId = string | number;
type Request = JSONRPCMessage & { id: RequestId; method: string; params?: { name?: unknown } };

const REPLAY_ID = 'jupyter-live-mcp:replayed-initialize';

export class AgentLink {
  private sink: AgentSink | undefined;
  /** The sink still answers what it has, but takes nothing new (a hub handing over). */
  private paused = false;
  private held: JSONRPCMessage[] = [];
  /** Requests the current sink has and has not answered, by id. */
  private readonly inFlight = new Map<RequestId, Request>();
  private initialize: Request | undefined;
  private initialized: JSONRPCMessage | undefined;
  private initializeAnswered = false;

  constructor(
    private readonly toClient: (message: JSONRPCMessage) => void,
    /** What the client is told of a tools/call lost with the place that ran it. */
    private readonly lostCall: (tool: string) => string
  ) {}

  /** A message from the MCP client. */
  fromClient(message: JSONRPCMessage): void {
    if (isRequest(message) && message.method === 'initialize') this.initialize = message;
    if ('method' in message && message.method === 'notifications/initialized') this.initialized = message;
    if (this.sink && !this.paused) this.forward(message);
    else this.held.push(message);
  }

  /** A message from the current sink, for the client (a replayed initialize's answer stays here). */
  fromSink(message: JSONRPCMessage): void {
    if (!('method' in message) && 'id' in message && message.id !== undefined) {
      if (message.id === REPLAY_ID) return;
      this.inFlight.delete(message.id);
      if (message.id === this.initialize?.id) this.initializeAnswered = true;
    }
    this.toClient(message);
  }

  /** The requests the current sink has not answered yet. */
  get pending(): number {
    return this.inFlight.size;
  }

  /** Messages go to `sink` from now on: it hears the client's initialize first, if it missed it. */
  attach(sink: AgentSink): void {
    this.sink = sink;
    this.paused = false;
    if (this.initialize && this.initializeAnswered) {
      sink.send({ ...this.initialize, id: REPLAY_ID } as JSONRPCMessage);
      if (this.initialized) sink.send(this.initialized);
    }
    const held = this.held;
    this.held = [];
    for (const message of held) this.forward(message);
  }

  /** From now on messages wait for the next sink; the current one still answers what it has. */
  pause(): void {
    this.paused = true;
  }

  /** The sink is gone: what it did not answer is answered or held for the next. */
  detach(): void {
    this.sink = undefined;
    const lost = [...this.inFlight.values()];
    this.inFlight.clear();
    const resend: JSONRPCMessage[] = [];
    for (const request of lost) {
      if (request.method === 'tools/call') {
        const tool = typeof request.params?.name === 'string' ? request.params.name : '?';
        this.toClient({ jsonrpc: '2.0', id: request.id, result: toCallToolResult(fail('page_disconnected', this.lostCall(tool))) });
      } else {
        resend.push(request);
      }
    }
    this.held = [...resend, ...this.held];
  }

  private forward(message: JSONRPCMessage): void {
    if (isRequest(message)) this.inFlight.set(message.id, message);
    this.sink!.send(message);
  }
}

function isRequest(message: JSONRPCMessage): message is Request {
  return 'method' in message && 'id' in message;
}
