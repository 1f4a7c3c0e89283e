/**
 * One page's WebSocket session on the server: the socket glue of the handshake
 * (its rules are protocol's serverStep), the page's tool catalogue, and the calls
 * in flight. Every frame is validated; a bad frame is answered with an `error`
 * message and the session goes on, except before the handshake, where the socket
 * is closed.
 */
import type { WebSocket, RawData } from 'ws';
import {
  BINARY_FRAME,
  CLOSE_CODES,
  MAX_NESTING_DEPTH,
  PAIRING_CRYPTO,
  SERVER_HANDSHAKE_START,
  encodeMessage,
  fail,
  nestsDeeperThan,
  parsePageMessage,
  printable,
  serverStep,
  type CallAgent,
  type PageIdentity,
  type PersonFocus,
  type ServerAction,
  type ServerContext,
  type ServerEvent,
  type ServerHandshake,
  type ServerMessage,
  type ToolDescriptor,
  type UnavailableTool
} from '@jupyter-live-mcp/protocol';
import { PEER_LINES_PER_SECOND, guarded, rateLimited, through, type Logger } from '../log.js';
import { pageIdOf } from './page-id.js';
import { PageLiveness } from './page-liveness.js';
import { rawResultMessage, type PageAnswer } from './raw-result.js';

export interface PageSessionOptions {
  log: Logger;
  /** Lines about connections that have not proved a token, all of them together: rate-limited (log.ts). */
  strangersLog: Logger;
  /** The pairing token both sides prove (pairing.ts); it never crosses the wire. */
  token: string;
  /** Set when `token` is not the pairing token but one of its own (lite's): names the page apart (page-router.ts). */
  scope?: string;
  /** The port the page's connection arrived on, and --public-port's: the ports a page may have dialled. */
  ports: readonly number[];
  /** The Origin the connection came from (checked at the upgrade), to name it before it proved the token. */
  origin: string;
  serverVersion: string;
  maxMessageBytes: number;
  /** How long a page may take to say hello and send its catalogue. */
  handshakeTimeoutMs: number;
  /** How often a proved page is pinged (and sent a heartbeat frame); one that does not answer within a period is dropped. */
  heartbeatMs: number;
  /** The page proved the token. */
  onPaired?(session: PageSession): void;
  /** The page holds another pairing token than this server's: it refused the server's proof, or the server refused its. */
  onTokenMismatch?(): void;
  /** The page finished its handshake, or sent a new catalogue or page state (focus, title). */
  onChanged(session: PageSession): void;
  onClose(session: PageSession): void;
}

/** How long a closed session's socket may take to answer the close before it is destroyed. */
const CLOSE_GRACE_MS = 1_000;

export class PageSession {
  identity: PageIdentity | undefined;
  /** Undefined for a page of the pairing token, the person's own; else what its id is prefixed with. */
  readonly scope: string | undefined;
  tools: readonly ToolDescriptor[] = [];
  /** Default tools the page does not offer, and why (its own words, for the agent). */
  unavailable: readonly UnavailableTool[] = [];
  /** When the page completed its handshake; the router prefers the newest page. */
  readyAt = 0;
  /** Whether the person has the page in front, and when they last focused it (0: never). */
  focused = false;
  focusedAt = 0;
  title: string | undefined;
  /** Where the person is in their notebook, as the page last said (undefined: an older page that does not say). */
  focus: PersonFocus | null | undefined;

  private handshake: ServerHandshake = SERVER_HANDSHAKE_START;
  private readonly context: ServerContext;
  private readonly calls = new Map<string, { tool: string; settle: (outcome: PageAnswer) => void }>();
  private nextCallNumber = 1;
  private readonly handshakeTimer: ReturnType<typeof setTimeout>;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  /** Whether the page answered (a pong, or any frame) since the last ping. */
  private answered = true;
  /** Whether the page's script answers (page-liveness.ts), and the timer that asks it while calls are in flight. */
  private readonly liveness: PageLiveness;
  private probe: ReturnType<typeof setInterval> | undefined;
  /** Lines about this page: among all strangers' until it proved the token, then rate-limited on its own. */
  private peerLog: Logger;
  private readonly log: Logger = through(() => this.peerLog);

  constructor(
    private readonly socket: WebSocket,
    private readonly options: PageSessionOptions
  ) {
    this.scope = options.scope;
    this.peerLog = options.strangersLog;
    this.liveness = new PageLiveness(options.heartbeatMs);
    this.context = {
      token: options.token,
      ports: options.ports,
      serverVersion: options.serverVersion,
      heartbeatMs: options.heartbeatMs,
      origin: printable(options.origin),
      label: (page) => pageLabel(page, options.origin, options.scope),
      crypto: PAIRING_CRYPTO
    };
    const { log } = this;
    this.handshakeTimer = setTimeout(
      guarded(log, 'the handshake timer', () => this.step({ kind: 'timeout' })),
      options.handshakeTimeoutMs
    );
    socket.on(
      'message',
      guarded(log, 'a page message', (data: RawData, isBinary: boolean) => this.receive(data, isBinary))
    );
    socket.on(
      'close',
      guarded(log, 'a page disconnecting', (code: number) =>
        this.closed((tool) => `The page closed its connection while "${tool}" was running (reloaded, closed, or lost the server).`, code)
      )
    );
    socket.on('pong', () => {
      this.answered = true;
    });
    socket.on('error', (error) => this.log.warn(`page ${this.label}: socket error: ${error.message}`));
  }

  get ready(): boolean {
    return this.handshake.phase === 'ready';
  }

  /** Whether the page may be working on its calls: its script answered lately (page-liveness.ts). */
  get answering(): boolean {
    return this.liveness.working;
  }

  /** The page as log lines name it; what the page sent is quoted, so it cannot forge a line. */
  get label(): string {
    return pageLabel(this.identity, this.options.origin, this.scope);
  }

  /**
   * Runs a tool in the page. Resolves with the page's result, or with a
   * `page_disconnected` failure if the page goes away first. Aborting the signal
   * tells the page to drop the call's result and rejects.
   */
  call(tool: string, args: Record<string, unknown>, signal?: AbortSignal, agent?: CallAgent): Promise<PageAnswer> {
    if (!this.ready) {
      return Promise.resolve({
        result: fail('page_disconnected', `The page ${this.label} is not connected any more. Call get_context, then retry.`),
        images: []
      });
    }
    if (nestsDeeperThan(args, MAX_NESTING_DEPTH - 1)) {
      // The page would refuse the call message, and the call would wait for ever.
      return Promise.resolve({
        result: fail('bad_input', `The arguments of "${tool}" nest deeper than ${MAX_NESTING_DEPTH - 1} levels; send flatter arguments.`),
        images: []
      });
    }
    const callId = `c${this.nextCallNumber++}`;
    return new Promise<PageAnswer>((resolve, reject) => {
      const onAbort = () => {
        this.calls.delete(callId);
        this.probeWhileCalling();
        this.send({ type: 'cancel', callId });
        reject(signal?.reason ?? new Error('cancelled'));
      };
      this.calls.set(callId, {
        tool,
        settle: (outcome) => {
          signal?.removeEventListener('abort', onAbort);
          this.calls.delete(callId);
          this.probeWhileCalling();
          resolve(outcome);
        }
      });
      this.probeWhileCalling();
      if (signal?.aborted) {
        onAbort();
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      this.send({ type: 'call', callId, tool, args, ...(agent ? { agent } : {}) });
    });
  }

  /**
   * Ends the session now: its calls are answered, it leaves routing and reads no
   * more frames. The page hears why; its socket is destroyed after a moment,
   * whether or not it answers the close.
   */
  close(code: number, reason: string): void {
    if (this.handshake.phase === 'closed') {
      return;
    }
    this.log[this.lineLevel](`closing page ${this.label}: ${printable(reason)}`);
    this.socket.close(code, closeReason(reason));
    setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS).unref();
    this.closed((tool) => `The server closed the page's connection while "${tool}" was running: ${reason}.`);
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.handshake.phase === 'closed') {
      return;
    }
    this.answered = true;
    const bytes = isBinary ? undefined : frameBytes(data);
    // A successful result of RAW_RESULT_FROM_BYTES or more is kept as the page wrote it (raw-result.ts); everything else is parsed.
    const raw = bytes && this.ready ? rawResultMessage(bytes) : undefined;
    if (raw) {
      this.settle(raw.callId, raw.answer);
      return;
    }
    const frame = bytes ? parsePageMessage(bytes.toString('utf8'), this.options.maxMessageBytes) : BINARY_FRAME;
    this.step({ kind: 'frame', frame });
    if (!frame.ok && frame.callId !== undefined) {
      // A result the server cannot use still ends its call, or the agent would wait for ever.
      this.calls.get(frame.callId)?.settle({
        result: fail('internal_error', `The page's result could not be used (${frame.error}). The call may have run.`),
        images: []
      });
    }
  }

  private step(event: ServerEvent): void {
    const { state, actions } = serverStep(this.handshake, event, this.context);
    this.handshake = state;
    for (const action of actions) {
      this.act(action);
    }
  }

  private act(action: ServerAction): void {
    switch (action.do) {
      case 'send':
        this.send(action.message);
        return;
      case 'close':
        this.close(action.code, action.reason);
        return;
      case 'log':
        this.log[action.level](action.text);
        return;
      case 'paired':
        this.identity = action.page;
        this.peerLog = rateLimited(this.options.log, PEER_LINES_PER_SECOND, () => `page ${this.label}`);
        this.title = action.page.title;
        this.setFocus(action.focused);
        this.options.onPaired?.(this);
        this.heartbeat = setInterval(
          guarded(this.log, 'the heartbeat', () => this.beat()),
          this.options.heartbeatMs
        );
        return;
      case 'token-mismatch':
        this.options.onTokenMismatch?.();
        return;
      case 'ready':
        clearTimeout(this.handshakeTimer);
        this.readyAt = performance.now();
        return;
      case 'deliver':
        this.deliver(action.message);
        return;
    }
  }

  private settle(callId: string, answer: PageAnswer): void {
    const call = this.calls.get(callId);
    if (!call) {
      // Cancelled, already answered, or never made: nobody waits for it.
      this.log.debug(`page ${this.label}: dropped result for unknown or cancelled call ${callId}`);
      return;
    }
    call.settle(answer);
  }

  /** What a page says once the handshake lets it: its tools, results, focus, and error reports. */
  private deliver(message: Extract<ServerAction, { do: 'deliver' }>['message']): void {
    switch (message.type) {
      case 'catalogue':
        this.tools = message.tools;
        this.unavailable = message.unavailable ?? [];
        this.log.debug(`page ${this.label}: catalogue of ${message.tools.length} tools`);
        this.options.onChanged(this);
        return;
      case 'result':
        this.settle(message.callId, { result: message.result, images: message.images ?? [] });
        return;
      case 'page-state':
        this.setFocus(message.focused);
        this.title = message.title ?? this.title;
        this.focus = message.focus !== undefined ? message.focus : this.focus;
        this.options.onChanged(this);
        return;
      case 'alive':
        this.liveness.alive();
        return;
      case 'error':
        this.log.warn(`page ${this.label} reports: ${printable(message.message)}`);
        return;
    }
  }

  /**
   * While calls are in flight, a page whose script answers heartbeats is asked
   * every few seconds, so a stuck one is dropped (its calls answered) within a
   * period, not only at the next heartbeat. The first ask goes at once after an
   * idle spell, when the last answer is old and the call's first progress would
   * be held back; a page heard from within a probe's period is asked at the
   * probe's first turn (a frame each way less on a call that follows another).
   */
  private probeWhileCalling(): void {
    const wanted = this.calls.size > 0 && this.liveness.answersHeartbeats && this.handshake.phase !== 'closed';
    if (wanted && this.probe === undefined) {
      if (!this.liveness.answeredLately) {
        this.send({ type: 'heartbeat' });
      }
      this.probe = setInterval(
        guarded(this.log, 'the liveness probe', () => {
          if (!this.droppedIfStuck()) {
            this.send({ type: 'heartbeat' });
          }
        }),
        this.liveness.probeMs()
      );
    } else if (!wanted) {
      clearInterval(this.probe);
      this.probe = undefined;
    }
  }

  /** Drops the page if its script has not answered for a period: true if it did. */
  private droppedIfStuck(): boolean {
    const silent = this.liveness.silentSeconds();
    if (silent === undefined) {
      return false;
    }
    this.close(
      CLOSE_CODES.noHeartbeat,
      `the page's script stopped answering (nothing for ${silent} s: a script in the page that does not end, or a stopped browser tab)`
    );
    return true;
  }

  /** Drops a page whose script stopped answering, or that did not answer the last ping (a frozen or vanished browser); else asks again. */
  private beat(): void {
    if (this.droppedIfStuck()) {
      return;
    }
    if (!this.answered) {
      const seconds = this.options.heartbeatMs / 1000;
      this.close(CLOSE_CODES.noHeartbeat, `the page stopped answering (no answer to a ping in ${seconds} s)`);
      return;
    }
    this.answered = false;
    this.socket.ping();
    this.send({ type: 'heartbeat' });
  }

  private setFocus(focused: boolean): void {
    this.focused = focused;
    if (focused) {
      this.focusedAt = performance.now();
    }
  }

  private send(message: ServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) {
      this.socket.send(encodeMessage(message));
    }
  }

  /**
   * Whether a session's coming and going is worth the person's log: a page's is;
   * a connection's that never proved the token is not (it retries every second or
   * two, and the handshake logged what went wrong).
   */
  private get lineLevel(): 'info' | 'debug' {
    return this.identity ? 'info' : 'debug';
  }

  /** `ended`: how the connection ended, in words for the agent; `code`: the page's close code, when it closed. */
  private closed(ended: (tool: string) => string, code?: number): void {
    if (this.handshake.phase === 'closed') {
      return;
    }
    this.step(code === undefined ? { kind: 'closed' } : { kind: 'closed', code });
    clearTimeout(this.handshakeTimer);
    clearInterval(this.heartbeat);
    clearInterval(this.probe);
    for (const [, call] of this.calls) {
      call.settle({
        result: fail(
          'page_disconnected',
          `${ended(call.tool)} The call may or may not have finished: call get_context to see the state before you retry.`
        ),
        images: []
      });
    }
    this.log[this.lineLevel](`page disconnected: ${this.label}`);
    this.options.onClose(this);
  }
}

/** The page as log lines name it: what it said it is once it proved the token (its id as agents see it), else where it connected from. */
function pageLabel(page: PageIdentity | undefined, origin: string, scope: string | undefined): string {
  if (!page) {
    return `(not yet proved, from ${printable(origin)})`;
  }
  return `${printable(pageIdOf({ identity: page, scope }))} (${printable(page.app.name)} ${printable(page.url)})`;
}

/** A WebSocket close reason is at most 123 bytes of UTF-8 (ws throws beyond); cut on a character boundary. */
function closeReason(text: string): string {
  let reason = text.slice(0, 123);
  while (Buffer.byteLength(reason) > 123) {
    reason = reason.slice(0, -1);
  }
  return reason;
}

function frameBytes(data: RawData): Buffer {
  if (Array.isArray(data)) {
    return Buffer.concat(data);
  }
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}
