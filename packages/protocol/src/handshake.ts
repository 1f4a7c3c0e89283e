/**
 * The pairing handshake as two pure state machines, one per side (SPEC §6):
 *
 *   page → server   hello      the page's protocol, the port it dialled, its nonce
 *   server → page   challenge  the server's nonce and its proof of the token
 *   page → server   proof      the page's proof and who it is (only to a server that proved the token)
 *   server → page   welcome    accepted
 *   page → server   catalogue  the page's tools: the server now routes calls to it
 *
 * `serverStep` and `pageStep` take a state and an event (a parsed frame, the socket
 * opening or closing, the handshake timer) and say what the state becomes and what
 * to do: send, close with which code and reason, log, tell the person, or hand a
 * message on to the session. Crypto and nonces come through the context, so every
 * decision is testable without sockets; each side's class only runs the actions.
 */
import {
  CLOSE_CODES,
  PROTOCOL_VERSION,
  type Call,
  type Cancel,
  type Challenge,
  type ErrorMessage,
  type Parsed,
  type ServerMessage
} from './wire.js';
import type { Alive, Catalogue, Hello, PageIdentity, PageMessage, PageState, Proof, ResultMessage } from './page-messages.js';
import { isValidProof, proofOf, randomHex, type Exchange } from './pairing.js';

/** What a side needs to prove the token; the real one is PAIRING_CRYPTO, tests may give fixed nonces. */
export interface HandshakeCrypto {
  nonce(): string;
  proofOf: typeof proofOf;
  isValidProof: typeof isValidProof;
}

export const PAIRING_CRYPTO: HandshakeCrypto = { nonce: () => randomHex(), proofOf, isValidProof };

/** A binary frame, as both sides answer it: like any frame that does not parse. */
export const BINARY_FRAME: Parsed<never> = { ok: false, error: 'binary frames are not part of the protocol; send JSON text frames' };

export interface Step<State, Action> {
  state: State;
  /** In order. */
  actions: Action[];
}

export type LogAction = { do: 'log'; level: 'info' | 'warn'; text: string };
export type CloseAction = { do: 'close'; code: number; reason: string };

// ---------------------------------------------------------------- server side

export type ServerHandshake =
  | { phase: 'awaiting-hello' }
  | { phase: 'awaiting-proof'; exchange: Exchange }
  /** Welcomed; the page is known, its catalogue not yet. */
  | { phase: 'awaiting-catalogue'; page: PageIdentity }
  | { phase: 'ready'; page: PageIdentity }
  | { phase: 'closed' };

export const SERVER_HANDSHAKE_START: ServerHandshake = { phase: 'awaiting-hello' };

export type ServerEvent =
  | { kind: 'frame'; frame: Parsed<PageMessage> }
  /** The page took too long to say hello and send its catalogue. */
  | { kind: 'timeout' }
  /** The socket closed; `code` is the page's close code when the page closed it. */
  | { kind: 'closed'; code?: number };

export type ServerAction =
  | { do: 'send'; message: ServerMessage }
  | CloseAction
  | LogAction
  /** The page proved the token: now it may be named by what it says it is. */
  | { do: 'paired'; page: PageIdentity; focused: boolean }
  /** The handshake is over: stop its timer, route calls to the page. */
  | { do: 'ready' }
  /** The page and this server hold different pairing tokens: one refused the other's proof. */
  | { do: 'token-mismatch' }
  /** The session's business: the page's tools, a result, a page-state, or a proved page's error report. */
  | { do: 'deliver'; message: Catalogue | ResultMessage | PageState | Alive | ErrorMessage };

export interface ServerContext {
  /** The token this page must prove (the pairing token, or lite's own). */
  token: string;
  /** The ports a page may have dialled: the one its connection arrived on, and --public-port's. */
  ports: readonly number[];
  serverVersion: string;
  /** The connection's Origin, escaped for a log line. */
  origin: string;
  /** The heartbeat's period, told the page in the welcome. */
  heartbeatMs: number;
  /** The page as log lines name it; undefined: not yet proved. */
  label(page: PageIdentity | undefined): string;
  crypto: HandshakeCrypto;
}

type OpenServerHandshake = Exclude<ServerHandshake, { phase: 'closed' }>;
type ServerStep = Step<ServerHandshake, ServerAction>;

export function serverStep(state: ServerHandshake, event: ServerEvent, ctx: ServerContext): ServerStep {
  if (state.phase === 'closed') {
    return { state, actions: [] };
  }
  switch (event.kind) {
    case 'closed':
      // A page closes so when the server's proof does not hold for its token: it holds another.
      return {
        state: { phase: 'closed' },
        actions: state.phase === 'awaiting-proof' && event.code === CLOSE_CODES.serverNotProved ? [{ do: 'token-mismatch' }] : []
      };
    case 'timeout':
      return state.phase === 'ready'
        ? { state, actions: [] }
        : { state, actions: [closeWith(CLOSE_CODES.handshakeTimeout, 'no hello and catalogue in time; reload the page to reconnect')] };
    case 'frame':
      return event.frame.ok ? serverReceive(state, event.frame.message, ctx) : rejectPage(state, event.frame.error, ctx);
  }
}

function serverReceive(state: OpenServerHandshake, message: PageMessage, ctx: ServerContext): ServerStep {
  switch (message.type) {
    case 'hello':
      return state.phase === 'awaiting-hello'
        ? hello(state, message, ctx)
        : rejectPage(state, 'hello was already received on this connection', ctx);
    case 'proof':
      return state.phase === 'awaiting-proof' ? proof(state, message, ctx) : rejectPage(state, 'a proof arrived out of turn', ctx);
    case 'catalogue':
      if (state.phase === 'awaiting-catalogue') {
        return { state: { phase: 'ready', page: state.page }, actions: [{ do: 'ready' }, { do: 'deliver', message }] };
      }
      return whenReady(state, message, 'a catalogue arrived before the handshake finished', ctx);
    case 'result':
      return whenReady(state, message, 'a result arrived before the handshake finished', ctx);
    case 'page-state':
      return whenReady(state, message, 'page-state arrived before the handshake finished', ctx);
    case 'alive':
      // Sent right after the catalogue, so welcomed is enough.
      return 'page' in state ? { state, actions: [{ do: 'deliver', message }] } : rejectPage(state, 'alive arrived before welcome', ctx);
    case 'error':
      // Only a page that proved the token gets a line in the person's log.
      return { state, actions: 'page' in state ? [{ do: 'deliver', message }] : [] };
  }
}

/** Hands the message on to a ready session; before that, it is refused with `early`. */
function whenReady(
  state: OpenServerHandshake,
  message: Catalogue | ResultMessage | PageState,
  early: string,
  ctx: ServerContext
): ServerStep {
  return state.phase === 'ready' ? { state, actions: [{ do: 'deliver', message }] } : rejectPage(state, early, ctx);
}

function hello(state: OpenServerHandshake, message: Hello, ctx: ServerContext): ServerStep {
  if (message.protocol !== PROTOCOL_VERSION) {
    // Stryker disable next-line EqualityOperator: the protocols differ here, so `<` and `<=` agree.
    const update = message.protocol < PROTOCOL_VERSION ? 'the jupyter-live-mcp-bridge extension' : 'the jupyter-live-mcp server';
    const reason = `wire protocol ${message.protocol} is not supported (server speaks ${PROTOCOL_VERSION}); update ${update}`;
    return {
      state,
      actions: [
        log('warn', `refused a page (from ${ctx.origin}): ${reason}`),
        { do: 'send', message: { type: 'error', message: reason } },
        closeWith(CLOSE_CODES.protocolMismatch, reason)
      ]
    };
  }
  if (message.port === undefined) {
    return rejectPage(state, 'malformed "hello" message: port: the port the page dialled is required', ctx);
  }
  if (!ctx.ports.includes(message.port)) {
    const port = message.port;
    return {
      state,
      actions: [
        log(
          'warn',
          `refused a page (from ${ctx.origin}): it dialled port ${port}, but this server answers on ` +
            `${ctx.ports.join(', ')}, so something forwards or relays between them. If that is yours (ssh -L, docker -p, ` +
            `a proxy), start the server with --public-port ${port}; if not, another program holds the port the page dials.`
        ),
        closeWith(CLOSE_CODES.portMismatch, `dialled port ${port} is not this server's; if a forward is yours: --public-port ${port}`)
      ]
    };
  }
  const exchange: Exchange = { port: message.port, pageNonce: message.nonce, serverNonce: ctx.crypto.nonce() };
  return {
    state: { phase: 'awaiting-proof', exchange },
    actions: [
      { do: 'send', message: { type: 'challenge', nonce: exchange.serverNonce, proof: ctx.crypto.proofOf(ctx.token, 'server', exchange) } }
    ]
  };
}

function proof(state: Extract<ServerHandshake, { phase: 'awaiting-proof' }>, message: Proof, ctx: ServerContext): ServerStep {
  if (!ctx.crypto.isValidProof(message.proof, ctx.token, 'page', state.exchange)) {
    // Say nothing more: the other side does not know the token.
    return {
      state,
      actions: [
        { do: 'token-mismatch' },
        closeWith(
          CLOSE_CODES.notPaired,
          'the page could not prove the pairing token; set the bridge token setting to jupyter-live-mcp token'
        )
      ]
    };
  }
  return {
    state: { phase: 'awaiting-catalogue', page: message.page },
    actions: [
      { do: 'paired', page: message.page, focused: message.focused ?? false },
      log('info', `page connected: ${ctx.label(message.page)}`),
      {
        do: 'send',
        message: {
          type: 'welcome',
          protocol: PROTOCOL_VERSION,
          serverVersion: ctx.serverVersion,
          heartbeatMs: ctx.heartbeatMs,
          answerHeartbeats: true
        }
      }
    ]
  };
}

/** Answers a frame the server cannot use; before the page proved the token, also hangs up. */
function rejectPage(state: OpenServerHandshake, reason: string, ctx: ServerContext): ServerStep {
  const actions: ServerAction[] = [
    // The reason quotes the sender (zod issue paths hold its object keys).
    log('warn', `page ${ctx.label('page' in state ? state.page : undefined)}: ${printable(reason)}`),
    { do: 'send', message: { type: 'error', message: reason } }
  ];
  if (state.phase === 'awaiting-hello' || state.phase === 'awaiting-proof') {
    actions.push(closeWith(CLOSE_CODES.handshakeFailed, `handshake failed: ${reason}`));
  }
  return { state, actions };
}

// ------------------------------------------------------------------ page side

export type PageHandshake =
  /** No socket yet, or it closed. */
  | { phase: 'closed' }
  | { phase: 'awaiting-challenge'; port: number; pageNonce: string }
  /** The server proved the token and has the page's proof; no welcome yet. */
  | { phase: 'proved' }
  /** `answerHeartbeats`: the server's welcome asked the page's script to answer each heartbeat with `alive`. */
  | { phase: 'welcomed'; answerHeartbeats: boolean };

export const PAGE_HANDSHAKE_START: PageHandshake = { phase: 'closed' };

type PageStep = Step<PageHandshake, PageAction>;

export type PageEvent =
  | { kind: 'open' }
  | { kind: 'frame'; frame: Parsed<ServerMessage> }
  | { kind: 'closed'; code: number; reason: string };

export type PageAction =
  | { do: 'send'; message: PageMessage }
  | CloseAction
  | LogAction
  /** Tell the person (a page notification); the same message is shown once. */
  | { do: 'alert'; message: string }
  /** Accepted: send the catalogue, show the connection; hearing nothing for two heartbeat periods, reconnect. */
  | { do: 'welcomed'; heartbeatMs: number }
  /** A welcomed connection ended: show it. */
  | { do: 'lost' }
  | { do: 'reconnect' }
  /** The session's business: a call to run, or one to drop. */
  | { do: 'deliver'; message: Call | Cancel };

export interface PageContext {
  /** The server URL the page dials. */
  url: string;
  token: string;
  bridgeVersion: string;
  /** Who the page is: sent only with its proof. */
  identity(): PageIdentity;
  /** Whether the person has the page in front now. */
  focused(): boolean;
  crypto: HandshakeCrypto;
  /** The token came with a pairing link (`jupyter-live-mcp pair`), not from the settings. */
  pairedByLink?: boolean;
}

/** Close codes after which retrying cannot help (the server said why); a replaced page retrying would replace the other in turn. */
const FINAL_CLOSE_CODES = new Set<number>([CLOSE_CODES.protocolMismatch, CLOSE_CODES.pageReplaced]);

/** The port a page dials: what its hello names and both proofs cover. */
export function dialledPort(url: string): number {
  const dialled = new URL(url);
  return Number(dialled.port || (dialled.protocol === 'wss:' ? 443 : 80));
}

export function pageStep(state: PageHandshake, event: PageEvent, ctx: PageContext): PageStep {
  switch (event.kind) {
    case 'open': {
      const port = dialledPort(ctx.url);
      const pageNonce = ctx.crypto.nonce();
      return {
        state: { phase: 'awaiting-challenge', port, pageNonce },
        actions: [{ do: 'send', message: { type: 'hello', protocol: PROTOCOL_VERSION, port, nonce: pageNonce } }]
      };
    }
    case 'closed':
      return { state: PAGE_HANDSHAKE_START, actions: whenClosed(state, event, ctx) };
    case 'frame':
      switch (state.phase) {
        case 'closed':
          return { state, actions: [] };
        case 'awaiting-challenge':
          return event.frame.ok && event.frame.message.type === 'challenge'
            ? challenge(state, event.frame.message, ctx)
            : {
                // Whoever this is has not proved the token: tell it nothing, not even an error.
                state,
                actions: [
                  log('warn', `${ctx.url} sent something before proving the pairing token; hanging up`),
                  closeWith(CLOSE_CODES.serverNotProved, 'prove the pairing token first')
                ]
              };
        default:
          return event.frame.ok ? pageReceive(state, event.frame.message, ctx) : rejectServer(state, event.frame.error, ctx);
      }
  }
}

/** The application name JupyterLite's pages give (its lab and notebooks UIs alike). */
export const JUPYTERLITE_APP_NAME = 'JupyterLite';

/**
 * What the person does when this page and a server hold different tokens, in full and in a few words.
 * A JupyterLite page holds the token its site was served with (lite's, not the Settings one), so only a
 * page lite serves again fixes it.
 */
export function tokenFix(appName: string): { full: string; short: string } {
  return appName === JUPYTERLITE_APP_NAME
    ? {
        full: 'Close this tab and open the URL jupyter-live-mcp lite printed (or restart lite).',
        short: 'Close this tab; open the URL lite printed.'
      }
    : {
        full: 'Put what "jupyter-live-mcp token" prints into Settings → Agent bridge → Pairing token.',
        short: 'Check Settings → Agent bridge → Pairing token.'
      };
}

/** A page paired by a link is paired again by a new link, whatever its app. */
function tokenFixOf(ctx: PageContext): { full: string; short: string } {
  return ctx.pairedByLink
    ? {
        full: "Run jupyter-live-mcp pair with this page's URL on your computer; open the link it prints.",
        short: "Run jupyter-live-mcp pair with this page's URL again."
      }
    : tokenFix(ctx.identity().app.name);
}

/** The server's proof of the token: answered with the page's only if it holds. */
function challenge(state: Extract<PageHandshake, { phase: 'awaiting-challenge' }>, message: Challenge, ctx: PageContext): PageStep {
  const exchange: Exchange = { port: state.port, pageNonce: state.pageNonce, serverNonce: message.nonce };
  if (!ctx.crypto.isValidProof(message.proof, ctx.token, 'server', exchange)) {
    const fix = tokenFixOf(ctx);
    return {
      state,
      actions: [
        log(
          'warn',
          `refused ${ctx.url}: it could not prove the pairing token, so it may not be your jupyter-live-mcp server ` +
            `(or the token changed). Nothing was sent to it and it can run nothing here. If it is yours: ${fix.full}`
        ),
        tell(`Refused ${ctx.url}: it cannot prove the pairing token; nothing was sent. ${fix.short}`),
        closeWith(CLOSE_CODES.serverNotProved, 'the server could not prove the pairing token')
      ]
    };
  }
  return {
    state: { phase: 'proved' },
    actions: [
      {
        do: 'send',
        message: {
          type: 'proof',
          proof: ctx.crypto.proofOf(ctx.token, 'page', exchange),
          bridgeVersion: ctx.bridgeVersion,
          page: ctx.identity(),
          focused: ctx.focused()
        }
      }
    ]
  };
}

const ALIVE: PageAction = { do: 'send', message: { type: 'alive' } };

function pageReceive(state: Extract<PageHandshake, { phase: 'proved' | 'welcomed' }>, message: ServerMessage, ctx: PageContext): PageStep {
  switch (message.type) {
    case 'challenge':
      return rejectServer(state, 'the server already proved the token on this connection', ctx);
    case 'welcome':
      if (message.protocol !== PROTOCOL_VERSION) {
        return rejectServer(state, `wire protocol ${message.protocol} is not supported (bridge speaks ${PROTOCOL_VERSION})`, ctx);
      }
      return {
        state: { phase: 'welcomed', answerHeartbeats: message.answerHeartbeats === true },
        actions: [
          log('info', `connected to jupyter-live-mcp ${message.serverVersion} at ${ctx.url}`),
          // Sends the catalogue; the first alive follows it, so the server knows this page answers.
          { do: 'welcomed', heartbeatMs: message.heartbeatMs },
          ...(message.answerHeartbeats ? [ALIVE] : [])
        ]
      };
    case 'call':
      return state.phase === 'welcomed'
        ? { state, actions: [{ do: 'deliver', message }] }
        : rejectServer(state, 'a call arrived before welcome', ctx);
    case 'cancel':
      // Before welcome no call runs, so there is nothing to drop.
      return { state, actions: state.phase === 'welcomed' ? [{ do: 'deliver', message }] : [] };
    case 'heartbeat':
      // Its arrival is most of what it says (the connection's watchdog sees every frame); this answer comes from the page's script.
      return { state, actions: state.phase === 'welcomed' && state.answerHeartbeats ? [ALIVE] : [] };
    case 'error':
      return { state, actions: [log('warn', `the server at ${ctx.url} reports: ${message.message}`)] };
  }
}

/** What the page does when its socket closes: the close code says whether to tell the person and to retry. */
function whenClosed(state: PageHandshake, { code, reason }: { code: number; reason: string }, ctx: PageContext): PageAction[] {
  const welcomed = state.phase === 'welcomed';
  const actions: PageAction[] = [];
  if (welcomed) {
    actions.push(log('info', `disconnected from ${ctx.url}${reason ? `: ${reason}` : ''}`));
  }
  if (code === CLOSE_CODES.notPaired) {
    actions.push(tell(`${ctx.url} refused this page's token. ${tokenFixOf(ctx).full}`));
  }
  if (code === CLOSE_CODES.portMismatch) {
    actions.push(
      log('warn', `the server behind ${ctx.url} refused this page: ${reason}`),
      tell(`The server behind ${ctx.url} answers on another port. See the browser console.`)
    );
  }
  if (code === CLOSE_CODES.pageReplaced) {
    actions.push(
      tell(`Another connection with this page's id (a copy of this tab?) replaced it at ${ctx.url}. Reload the page to reconnect.`)
    );
  }
  if (welcomed) {
    actions.push({ do: 'lost' });
  }
  actions.push(FINAL_CLOSE_CODES.has(code) ? log('warn', `the server at ${ctx.url} refused this page: ${reason}`) : { do: 'reconnect' });
  return actions;
}

/** Answers a frame the page cannot use, and goes on. */
function rejectServer(state: PageHandshake, reason: string, ctx: PageContext): PageStep {
  return {
    state,
    actions: [log('warn', `ignored a message from ${ctx.url}: ${reason}`), { do: 'send', message: { type: 'error', message: reason } }]
  };
}

/** Text from a peer, safe for a log line: control characters (newlines, terminal escapes) escaped. */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to escape.
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function log(level: LogAction['level'], text: string): LogAction {
  return { do: 'log', level, text };
}

function closeWith(code: number, reason: string): CloseAction {
  return { do: 'close', code, reason };
}

function tell(message: string): PageAction {
  return { do: 'alert', message };
}
