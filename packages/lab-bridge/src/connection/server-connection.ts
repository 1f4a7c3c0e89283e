/**
 * One connection from the page to one jupyter-live-mcp server: the handshake,
 * calls in and results out, and reconnecting with backoff while the server is not
 * there (it starts and stops with the person's agent).
 */
import {
  CLOSE_CODES,
  PROTOCOL_VERSION,
  encodeMessage,
  isValidProof,
  parseServerMessage,
  proofOf,
  type Exchange,
  randomHex,
  type Call,
  type Challenge,
  type PageIdentity,
  type PageMessage,
  type AttachedImage,
  type ToolDescriptor,
  type ToolResult
} from '@jupyter-live-mcp/protocol';

export interface ConnectionHooks {
  bridgeVersion: string;
  /** The pairing token (64 hex digits) this page and the server share. */
  token: string;
  /** Tells the person something they must act on (a page notification; at most 140 characters show). */
  alert(message: string): void;
  /** The connection was welcomed or lost. */
  changed(): void;
  identity(): PageIdentity;
  catalogue(): ToolDescriptor[];
  run(tool: string, args: Record<string, unknown>): Promise<{ result: ToolResult; images: AttachedImage[] }>;
  log: { info(message: string): void; warn(message: string): void };
}

/**
 * Retry delays: quick at first so the page is back within 2 s of a server
 * restart, slower after a long absence so an idle page does not keep the
 * browser console busy.
 */
export function reconnectDelay(attempt: number, downForMs: number): number {
  const cap = downForMs > 120_000 ? 10_000 : 1_500;
  return Math.min(250 * 2 ** attempt, cap);
}

/** Close codes after which retrying cannot help (the server said why). */
const FINAL_CLOSE_CODES = new Set<number>([CLOSE_CODES.protocolMismatch]);

export class ServerConnection {
  private socket: WebSocket | undefined;
  /** The handshake so far: our nonce, and whether the server proved the token. */
  private pageNonce = '';
  private serverProved = false;
  private welcomed = false;
  /** Alerts already shown, so a server that keeps failing does not flood the page. */
  private readonly alerted = new Set<string>();
  private stopped = true;
  private attempt = 0;
  private downSince = Date.now();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Calls the server gave up on: their results are dropped. */
  private readonly cancelled = new Set<string>();
  private readonly running = new Set<string>();

  constructor(
    readonly url: string,
    private readonly hooks: ConnectionHooks
  ) {}

  get connected(): boolean {
    return this.welcomed;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.socket?.close(1000, 'bridge stopped');
    this.socket = undefined;
    if (this.welcomed) {
      this.welcomed = false;
      this.hooks.changed();
    }
  }

  /** Sends the catalogue again, e.g. after the page's tools changed. */
  sendCatalogue(): void {
    if (this.welcomed) {
      this.send({ type: 'catalogue', tools: this.hooks.catalogue() });
    }
  }

  /** The person focused this page or left it. */
  sendPageState(focused: boolean): void {
    if (this.welcomed) {
      this.send({ type: 'page-state', focused, title: document.title });
    }
  }

  /** The port this page dials: what its hello names and both proofs cover. */
  private get port(): number {
    const dialled = new URL(this.url);
    return Number(dialled.port || (dialled.protocol === 'wss:' ? 443 : 80));
  }

  /** What both proofs of this handshake cover: the port this page dialled and both nonces. */
  private exchange(serverNonce: string): Exchange {
    return { port: this.port, pageNonce: this.pageNonce, serverNonce };
  }

  private connect(): void {
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url);
    } catch (error) {
      this.hooks.log.warn(`cannot connect to "${this.url}": ${(error as Error).message}. Fix the serverUrls setting.`);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.pageNonce = randomHex();
      this.serverProved = false;
      this.send({ type: 'hello', protocol: PROTOCOL_VERSION, port: this.port, nonce: this.pageNonce });
    };
    socket.onmessage = (event) => {
      if (socket === this.socket) {
        this.receive(event.data);
      }
    };
    socket.onclose = (event) => {
      if (socket !== this.socket) {
        return;
      }
      if (this.welcomed) {
        this.hooks.log.info(`disconnected from ${this.url}${event.reason ? `: ${event.reason}` : ''}`);
        this.downSince = Date.now();
      }
      if (event.code === CLOSE_CODES.notPaired) {
        this.alertOnce(`${this.url} refused this page's pairing token. Set Settings → Agent bridge → token to what "jupyter-live-mcp token" prints.`);
      }
      if (event.code === CLOSE_CODES.portMismatch) {
        this.hooks.log.warn(`the server behind ${this.url} refused this page: ${event.reason}`);
        this.alertOnce(`The server behind ${this.url} answers on another port. See the browser console.`);
      }
      const wasWelcomed = this.welcomed;
      this.welcomed = false;
      this.serverProved = false;
      this.socket = undefined;
      if (wasWelcomed) {
        this.hooks.changed();
      }
      // The server has answered these calls itself (page_disconnected).
      this.running.clear();
      this.cancelled.clear();
      if (FINAL_CLOSE_CODES.has(event.code)) {
        this.hooks.log.warn(`the server at ${this.url} refused this page: ${event.reason}`);
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.stopped) {
      return;
    }
    const delay = reconnectDelay(this.attempt++, Date.now() - this.downSince);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private receive(data: unknown): void {
    const parsed = typeof data === 'string' ? parseServerMessage(data) : undefined;
    if (!this.serverProved && parsed?.ok && parsed.message.type === 'challenge') {
      this.challenge(parsed.message);
      return;
    }
    if (!this.serverProved) {
      // Whoever this is has not proved the token: tell it nothing, not even an error.
      this.hooks.log.warn(`${this.url} sent something before proving the pairing token; hanging up`);
      this.socket?.close(CLOSE_CODES.serverNotProved, 'prove the pairing token first');
      return;
    }
    if (!parsed) {
      this.reject('binary frames are not part of the protocol; send JSON text frames');
      return;
    }
    if (!parsed.ok) {
      this.reject(parsed.error);
      return;
    }
    const message = parsed.message;
    switch (message.type) {
      case 'challenge':
        this.reject('the server already proved the token on this connection');
        return;
      case 'welcome':
        if (message.protocol !== PROTOCOL_VERSION) {
          this.reject(`wire protocol ${message.protocol} is not supported (bridge speaks ${PROTOCOL_VERSION})`);
          return;
        }
        this.welcomed = true;
        this.attempt = 0;
        this.hooks.log.info(`connected to jupyter-live-mcp ${message.serverVersion} at ${this.url}`);
        this.sendCatalogue();
        this.hooks.changed();
        return;
      case 'call':
        if (!this.welcomed) {
          this.reject('a call arrived before welcome');
          return;
        }
        void this.runCall(message);
        return;
      case 'cancel':
        if (this.running.has(message.callId)) {
          this.cancelled.add(message.callId);
        }
        return;
      case 'error':
        this.hooks.log.warn(`the server at ${this.url} reports: ${message.message}`);
        return;
    }
  }

  /** The server's proof of the token: answered with ours only if it holds. */
  private challenge(message: Challenge): void {
    if (!isValidProof(message.proof, this.hooks.token, 'server', this.exchange(message.nonce))) {
      this.hooks.log.warn(
        `refused ${this.url}: it could not prove the pairing token, so it may not be your jupyter-live-mcp server ` +
          '(or the token changed). Nothing was sent to it and it can run nothing here. If it is yours, run ' +
          '"jupyter-live-mcp token" and put what it prints into Settings → Agent bridge → token.'
      );
      this.alertOnce(`Refused ${this.url}: it cannot prove the pairing token; nothing was sent. Check Settings → Agent bridge → token.`);
      this.socket?.close(CLOSE_CODES.serverNotProved, 'the server could not prove the pairing token');
      return;
    }
    this.serverProved = true;
    this.send({
      type: 'proof',
      proof: proofOf(this.hooks.token, 'page', this.exchange(message.nonce)),
      bridgeVersion: this.hooks.bridgeVersion,
      page: this.hooks.identity(),
      focused: document.hasFocus()
    });
  }

  private alertOnce(message: string): void {
    if (!this.alerted.has(message)) {
      this.alerted.add(message);
      this.hooks.alert(message);
    }
  }

  private async runCall(call: Call): Promise<void> {
    const socket = this.socket;
    this.running.add(call.callId);
    const { result, images } = await this.hooks.run(call.tool, call.args);
    this.running.delete(call.callId);
    if (this.cancelled.delete(call.callId) || socket !== this.socket) {
      return;
    }
    this.send({ type: 'result', callId: call.callId, result, ...(images.length ? { images } : {}) });
  }

  private reject(reason: string): void {
    this.hooks.log.warn(`ignored a message from ${this.url}: ${reason}`);
    this.send({ type: 'error', message: reason });
  }

  private send(message: PageMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(encodeMessage(message));
    }
  }
}
