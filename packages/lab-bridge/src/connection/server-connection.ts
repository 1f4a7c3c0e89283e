/**
 * One connection from the page to one jupyter-live-mcp server: the socket glue
 * of the handshake (its rules are protocol's pageStep), calls in and results out,
 * and reconnecting with backoff while the server is not there (it starts and
 * stops with the person's agent). A page's script cannot see WebSocket pings,
 * so a server that says nothing for two heartbeat periods (frozen, or its
 * machine asleep) is given up and dialled again.
 */
import {
  BINARY_FRAME,
  CLOSE_CODES,
  PAGE_HANDSHAKE_START,
  PAIRING_CRYPTO,
  encodeMessage,
  encodeResultMessage,
  pageStep,
  parseServerMessage,
  type Call,
  type Catalogue,
  type PageAction,
  type PageContext,
  type PageEvent,
  type PageHandshake,
  type PageIdentity,
  type PageCallAnswer,
  type PageMessage,
  type PersonFocus
} from '@jupyter-live-mcp/protocol';
import { serverCaller, type Caller } from '../changes/caller.js';

export interface ConnectionHooks {
  bridgeVersion: string;
  /** The pairing token (64 hex digits) this page and the server share. */
  token: string;
  /**
   * Tells the person something they must act on (a page notification; at most
   * 140 characters show): at every failure that calls for it, so the caller
   * shows each message once while it lasts (connection-alerts.ts).
   */
  alert(message: string): void;
  /** The connection was welcomed or lost. */
  changed(): void;
  /** A socket closed before it ever opened: no server there, or the browser kept the page from it (browser-block.ts). */
  neverOpened?(): void;
  /** The token came with a pairing link (link-pairing.ts): a mismatch is fixed by pairing again, not in the settings. */
  pairedByLink?: boolean;
  identity(): PageIdentity;
  /** The page's tools, and why default tools it lacks are missing. */
  catalogue(): Omit<Catalogue, 'type'>;
  /** `caller`: the agent of the server's MCP session that made the call (changes/caller). */
  run(tool: string, args: Record<string, unknown>, caller: Caller): Promise<PageCallAnswer>;
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

/** How long a server may take to answer the hello and welcome the page (it answers at once; its own limit is 10 s). */
const HANDSHAKE_SILENCE_MS = 30_000;

export class ServerConnection {
  private socket: WebSocket | undefined;
  private handshake: PageHandshake = PAGE_HANDSHAKE_START;
  private readonly context: PageContext;
  private stopped = true;
  private attempt = 0;
  private downSince = Date.now();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Gives the socket up when the server says nothing for `silenceLimitMs`. */
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  private silenceLimitMs = HANDSHAKE_SILENCE_MS;
  /** When the server last spoke: a frame only notes it, and the watchdog, when it fires, waits again for what is left. */
  private heardAt = 0;
  /** Calls the server gave up on: their results are dropped. */
  private readonly cancelled = new Set<string>();
  /** Where the person last was in their notebook; undefined until the page has said. */
  private focus: PersonFocus | null | undefined;
  private readonly running = new Set<string>();

  constructor(
    readonly url: string,
    private readonly hooks: ConnectionHooks
  ) {
    this.context = {
      url,
      token: hooks.token,
      bridgeVersion: hooks.bridgeVersion,
      identity: () => hooks.identity(),
      focused: () => document.hasFocus(),
      crypto: PAIRING_CRYPTO,
      ...(hooks.pairedByLink ? { pairedByLink: true } : {})
    };
  }

  get connected(): boolean {
    return this.handshake.phase === 'welcomed';
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.watchdog);
    this.socket?.close(1000, 'bridge stopped');
    this.socket = undefined;
    const wasConnected = this.connected;
    this.handshake = PAGE_HANDSHAKE_START;
    if (wasConnected) {
      this.hooks.changed();
    }
  }

  /** Dials now instead of at the next retry (the browser has just allowed the page to reach the server). */
  retryNow(): void {
    if (!this.stopped && !this.socket) {
      clearTimeout(this.retryTimer);
      this.connect();
    }
  }

  /** Sends the catalogue again, e.g. after the page's tools changed. */
  sendCatalogue(): void {
    if (this.connected) {
      this.send({ type: 'catalogue', ...this.hooks.catalogue() });
    }
  }

  /** The person focused this page or left it. */
  sendPageState(focused: boolean): void {
    if (this.connected) {
      this.send({ type: 'page-state', focused, title: document.title, ...(this.focus !== undefined ? { focus: this.focus } : {}) });
    }
  }

  /** The person moved in their notebook: the server hears where, now and after every welcome (SPEC §2.5). */
  sendFocus(focus: PersonFocus | null): void {
    this.focus = focus;
    this.sendPageState(document.hasFocus());
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
    this.silenceLimitMs = HANDSHAKE_SILENCE_MS;
    this.listen();
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.step({ kind: 'open' });
    };
    socket.onmessage = (event) => {
      if (socket === this.socket) {
        this.heardAt = Date.now();
        const data: unknown = event.data;
        this.step({ kind: 'frame', frame: typeof data === 'string' ? parseServerMessage(data) : BINARY_FRAME });
      }
    };
    socket.onclose = (event) => {
      if (socket === this.socket) {
        this.ended(event.code, event.reason);
        if (!opened) this.hooks.neverOpened?.();
      }
    };
  }

  /** (Re)starts the wait for the server's next frame. */
  private listen(): void {
    this.heardAt = Date.now();
    clearTimeout(this.watchdog);
    this.watchFor(this.silenceLimitMs);
  }

  /** One timer for the whole wait, not one a frame: setting a timer on every frame cost each call's answer. */
  private watchFor(ms: number): void {
    this.watchdog = setTimeout(() => {
      const quiet = Date.now() - this.heardAt;
      if (quiet < this.silenceLimitMs) {
        this.watchFor(this.silenceLimitMs - quiet);
        return;
      }
      const socket = this.socket;
      // Its close may never come (a frozen server answers nothing): the socket is given up first.
      this.ended(CLOSE_CODES.noHeartbeat, `the server said nothing for ${Math.round(this.silenceLimitMs / 1000)} s`);
      socket?.close(CLOSE_CODES.noHeartbeat, 'no word from the server');
    }, ms);
  }

  /** The socket is over: its close event, if it still comes, changes nothing. */
  private ended(code: number, reason: string): void {
    this.socket = undefined;
    clearTimeout(this.watchdog);
    // The server has answered these calls itself (page_disconnected), or cannot take their results.
    this.running.clear();
    this.cancelled.clear();
    this.step({ kind: 'closed', code, reason });
  }

  private step(event: PageEvent): void {
    const { state, actions } = pageStep(this.handshake, event, this.context);
    this.handshake = state;
    for (const action of actions) {
      this.act(action);
    }
  }

  private act(action: PageAction): void {
    switch (action.do) {
      case 'send':
        this.send(action.message);
        return;
      case 'close':
        this.socket?.close(action.code, action.reason);
        return;
      case 'log':
        this.hooks.log[action.level](action.text);
        return;
      case 'alert':
        this.hooks.alert(action.message);
        return;
      case 'welcomed':
        // The server sends a heartbeat every period: missing two, it is given up.
        this.silenceLimitMs = 2 * action.heartbeatMs;
        this.listen();
        this.attempt = 0;
        this.sendCatalogue();
        if (this.focus !== undefined) {
          this.sendPageState(document.hasFocus());
        }
        this.hooks.changed();
        return;
      case 'lost':
        this.downSince = Date.now();
        this.hooks.changed();
        return;
      case 'reconnect':
        this.scheduleReconnect();
        return;
      case 'deliver':
        if (action.message.type === 'call') {
          void this.runCall(action.message);
        } else if (this.running.has(action.message.callId)) {
          this.cancelled.add(action.message.callId);
        }
        return;
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped) {
      return;
    }
    const delay = reconnectDelay(this.attempt++, Date.now() - this.downSince);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private async runCall(call: Call): Promise<void> {
    const socket = this.socket;
    this.running.add(call.callId);
    const answer = await this.hooks.run(call.tool, call.args, serverCaller(this.url, call.agent));
    this.running.delete(call.callId);
    if (this.cancelled.delete(call.callId) || socket !== this.socket) {
      return;
    }
    this.sendText(encodeResultMessage(call.callId, answer));
  }

  private send(message: PageMessage): void {
    this.sendText(encodeMessage(message));
  }

  private sendText(text: string): void {
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(text);
    }
  }
}
