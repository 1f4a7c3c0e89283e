/**
 * One page's WebSocket session on the server: the handshake, the page's tool
 * catalogue, and the calls in flight. Every frame is validated; a bad frame is
 * answered with an `error` message and the session goes on, except before the
 * handshake, where the socket is closed.
 */
import type { WebSocket, RawData } from 'ws';
import {
  CLOSE_CODES,
  PROTOCOL_VERSION,
  encodeMessage,
  fail,
  isValidProof,
  parsePageMessage,
  proofOf,
  type Exchange,
  randomHex,
  type AttachedImage,
  type Catalogue,
  type Hello,
  type PageIdentity,
  type Proof,
  type ServerMessage,
  type ToolDescriptor,
  type ToolResult
} from '@jupyter-live-mcp/protocol';
import type { Logger } from '../log.js';

export interface PageSessionOptions {
  log: Logger;
  /** The pairing token both sides prove (pairing.ts); it never crosses the wire. */
  token: string;
  /** The port the page's connection arrived on, and --public-port's: the ports a page may have dialled. */
  ports: readonly number[];
  /** The Origin the connection came from (checked at the upgrade), to name it before it proved the token. */
  origin: string;
  serverVersion: string;
  maxMessageBytes: number;
  /** How long a page may take to say hello and send its catalogue. */
  handshakeTimeoutMs: number;
  /** The page finished its handshake or sent a new catalogue. */
  onCatalogue(session: PageSession): void;
  onClose(session: PageSession): void;
}

/** A page's answer to a call: the result and the pictures taken out of it. */
export interface CallOutcome {
  result: ToolResult;
  images: AttachedImage[];
}

type State = 'awaiting-hello' | 'awaiting-proof' | 'awaiting-catalogue' | 'ready' | 'closed';

export class PageSession {
  identity: PageIdentity | undefined;
  tools: readonly ToolDescriptor[] = [];
  /** When the page completed its handshake; the router prefers the newest page. */
  readyAt = 0;
  /** Whether the person has the page in front, and when they last focused it (0: never). */
  focused = false;
  focusedAt = 0;
  title: string | undefined;

  private state: State = 'awaiting-hello';
  private nonces = { page: '', server: '' };
  /** The port the page dialled, once its hello named one this server answers on. */
  private port = 0;
  private readonly calls = new Map<string, { tool: string; settle: (outcome: CallOutcome) => void }>();
  private nextCallNumber = 1;
  private readonly handshakeTimer: ReturnType<typeof setTimeout>;

  constructor(
    private readonly socket: WebSocket,
    private readonly options: PageSessionOptions
  ) {
    this.handshakeTimer = setTimeout(() => {
      this.close(CLOSE_CODES.handshakeTimeout, 'no hello and catalogue in time; reload the page to reconnect');
    }, options.handshakeTimeoutMs);
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.on('close', () => this.closed());
    socket.on('error', (error) => options.log.warn(`page ${this.label}: socket error: ${error.message}`));
  }

  get ready(): boolean {
    return this.state === 'ready';
  }

  /** The page as log lines name it; what the page sent is quoted, so it cannot forge a line. */
  get label(): string {
    if (!this.identity) {
      return `(not yet proved, from ${printable(this.options.origin)})`;
    }
    const { pageId, app, url } = this.identity;
    return `${printable(pageId)} (${printable(app.name)} ${printable(url)})`;
  }

  /**
   * Runs a tool in the page. Resolves with the page's result, or with a
   * `page_disconnected` failure if the page goes away first. Aborting the signal
   * tells the page to drop the call's result and rejects.
   */
  call(tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallOutcome> {
    if (!this.ready) {
      return Promise.resolve({
        result: fail('page_disconnected', `The page ${this.label} is not connected any more. Call get_context, then retry.`),
        images: []
      });
    }
    const callId = `c${this.nextCallNumber++}`;
    return new Promise<CallOutcome>((resolve, reject) => {
      const onAbort = () => {
        this.calls.delete(callId);
        this.send({ type: 'cancel', callId });
        reject(signal?.reason ?? new Error('cancelled'));
      };
      this.calls.set(callId, {
        tool,
        settle: (outcome) => {
          signal?.removeEventListener('abort', onAbort);
          this.calls.delete(callId);
          resolve(outcome);
        }
      });
      if (signal?.aborted) {
        onAbort();
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      this.send({ type: 'call', callId, tool, args });
    });
  }

  close(code: number, reason: string): void {
    if (this.state !== 'closed') {
      this.options.log.info(`closing page ${this.label}: ${reason}`);
      this.socket.close(code, reason.slice(0, 120));
    }
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (isBinary) {
      this.reject('binary frames are not part of the protocol; send JSON text frames');
      return;
    }
    const parsed = parsePageMessage(rawText(data), this.options.maxMessageBytes);
    if (!parsed.ok) {
      this.reject(parsed.error);
      return;
    }
    const message = parsed.message;
    switch (message.type) {
      case 'hello':
        this.hello(message);
        return;
      case 'proof':
        this.proof(message);
        return;
      case 'catalogue':
        this.catalogue(message);
        return;
      case 'result': {
        if (this.state !== 'ready') {
          this.reject('a result arrived before the handshake finished');
          return;
        }
        const call = this.calls.get(message.callId);
        if (!call) {
          // Cancelled, already answered, or never made: nobody waits for it.
          this.options.log.debug(`page ${this.label}: dropped result for unknown or cancelled call ${message.callId}`);
          return;
        }
        call.settle({ result: message.result, images: message.images ?? [] });
        return;
      }
      case 'page-state':
        if (this.state !== 'ready') {
          this.reject('page-state arrived before the handshake finished');
          return;
        }
        this.setFocus(message.focused);
        this.title = message.title ?? this.title;
        this.options.onCatalogue(this);
        return;
      case 'error':
        // Only a page that proved the token gets a line in the person's log.
        if (this.identity) {
          this.options.log.warn(`page ${this.label} reports: ${printable(message.message)}`);
        }
        return;
    }
  }

  private setFocus(focused: boolean): void {
    this.focused = focused;
    if (focused) {
      this.focusedAt = performance.now();
    }
  }

  private hello(message: Hello): void {
    if (this.state !== 'awaiting-hello') {
      this.reject('hello was already received on this connection');
      return;
    }
    if (message.protocol !== PROTOCOL_VERSION) {
      const update = message.protocol < PROTOCOL_VERSION ? 'the jupyter-live-mcp-bridge extension' : 'the jupyter-live-mcp server';
      const reason = `wire protocol ${message.protocol} is not supported (server speaks ${PROTOCOL_VERSION}); update ${update}`;
      this.send({ type: 'error', message: reason });
      this.close(CLOSE_CODES.protocolMismatch, reason);
      return;
    }
    if (message.port === undefined) {
      this.reject('malformed "hello" message: port: the port the page dialled is required');
      return;
    }
    if (!this.options.ports.includes(message.port)) {
      this.options.log.warn(
        `refused a page (from ${printable(this.options.origin)}): it dialled port ${message.port}, but this server answers on ` +
          `${this.options.ports.join(', ')}, so something forwards or relays between them. If that is yours (ssh -L, docker -p, ` +
          `a proxy), start the server with --public-port ${message.port}; if not, another program holds the port the page dials.`
      );
      this.close(CLOSE_CODES.portMismatch, `dialled port ${message.port} is not this server's; if a forward is yours: --public-port ${message.port}`);
      return;
    }
    this.port = message.port;
    this.nonces = { page: message.nonce, server: randomHex() };
    this.state = 'awaiting-proof';
    this.send({
      type: 'challenge',
      nonce: this.nonces.server,
      proof: proofOf(this.options.token, 'server', this.exchange())
    });
  }

  private proof(message: Proof): void {
    if (this.state !== 'awaiting-proof') {
      this.reject('a proof arrived out of turn');
      return;
    }
    if (!isValidProof(message.proof, this.options.token, 'page', this.exchange())) {
      // Say nothing more: the other side does not know the token.
      this.options.log.warn(`refused a page that could not prove the pairing token (from ${printable(this.options.origin)})`);
      this.close(CLOSE_CODES.notPaired, 'the page could not prove the pairing token; set the bridge token setting to jupyter-live-mcp token');
      return;
    }
    this.identity = message.page;
    this.title = message.page.title;
    this.setFocus(message.focused ?? false);
    this.state = 'awaiting-catalogue';
    this.options.log.info(`page connected: ${this.label}`);
    this.send({ type: 'welcome', protocol: PROTOCOL_VERSION, serverVersion: this.options.serverVersion });
  }

  private catalogue(message: Catalogue): void {
    if (this.state === 'awaiting-hello' || this.state === 'awaiting-proof') {
      this.reject(`a catalogue arrived before the handshake finished`);
      return;
    }
    this.tools = message.tools;
    if (this.state === 'awaiting-catalogue') {
      clearTimeout(this.handshakeTimer);
      this.state = 'ready';
      this.readyAt = performance.now();
    }
    this.options.log.debug(`page ${this.label}: catalogue of ${message.tools.length} tools`);
    this.options.onCatalogue(this);
  }

  /** Answers a frame the server cannot use; before the handshake, also hangs up. */
  private reject(reason: string): void {
    this.options.log.warn(`page ${this.label}: ${reason}`);
    this.send({ type: 'error', message: reason });
    if (this.state === 'awaiting-hello' || this.state === 'awaiting-proof') {
      this.close(CLOSE_CODES.handshakeFailed, 'handshake failed: ' + reason);
    }
  }

  private exchange(): Exchange {
    return { port: this.port, pageNonce: this.nonces.page, serverNonce: this.nonces.server };
  }

  private send(message: ServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) {
      this.socket.send(encodeMessage(message));
    }
  }

  private closed(): void {
    if (this.state === 'closed') {
      return;
    }
    this.state = 'closed';
    clearTimeout(this.handshakeTimer);
    for (const [, call] of this.calls) {
      call.settle({
        result: fail(
          'page_disconnected',
          `The page closed its connection while "${call.tool}" was running (reloaded, closed, or lost the server). ` +
            'The call may or may not have finished: call get_context to see the state before you retry.'
        ),
        images: []
      });
    }
    this.options.log.info(`page disconnected: ${this.label}`);
    this.options.onClose(this);
  }
}

/** Text from the page, safe for a log line: control characters (newlines, terminal escapes) escaped. */
function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) {
    return Buffer.concat(data).toString('utf8');
  }
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}
