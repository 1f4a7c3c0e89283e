/**
 * The pairing's sequencing rules, for both sides, without sockets: each row
 * feeds messages from the start of a connection and names the state and the
 * actions of the last one.
 */
import { describe, expect, it } from 'vitest';
import {
  BINARY_FRAME,
  PAGE_HANDSHAKE_START,
  PAIRING_CRYPTO,
  SERVER_HANDSHAKE_START,
  JUPYTERLITE_APP_NAME,
  dialledPort,
  pageStep,
  serverStep,
  tokenFix,
  type PageAction,
  type PageContext,
  type PageEvent,
  type PageHandshake,
  type ServerAction,
  type ServerContext,
  type ServerEvent,
  type ServerHandshake
} from './handshake.js';
import { proofOf } from './pairing.js';
import { PROTOCOL_VERSION, type Call, type Cancel, type Challenge, type ErrorMessage, type ServerMessage, type Welcome } from './wire.js';
import type { Catalogue, Hello, PageMessage, PageState, Proof, ResultMessage } from './page-messages.js';

const TOKEN = 'a'.repeat(64);
const PAGE_NONCE = '1'.repeat(64);
const SERVER_NONCE = '2'.repeat(64);
const PORT = 8767;
const exchange = { port: PORT, pageNonce: PAGE_NONCE, serverNonce: SERVER_NONCE };
const page = { pageId: 'page-a', app: { name: 'JupyterLab', version: '4.6.4' }, url: 'http://127.0.0.1:8888/lab' };

describe('the server side', () => {
  const ctx: ServerContext = {
    token: TOKEN,
    ports: [PORT, 18767],
    serverVersion: 'test',
    origin: 'http://127.0.0.1:8888',
    heartbeatMs: 30_000,
    label: (identity) => identity?.pageId ?? '(not yet proved)',
    crypto: { ...PAIRING_CRYPTO, nonce: () => SERVER_NONCE }
  };
  const hello: Hello = { type: 'hello', protocol: PROTOCOL_VERSION, port: PORT, nonce: PAGE_NONCE };
  const proof: Proof = { type: 'proof', proof: proofOf(TOKEN, 'page', exchange), bridgeVersion: '0.1.0', page };
  const catalogue: Catalogue = { type: 'catalogue', tools: [] };
  const result: ResultMessage = { type: 'result', callId: 'c1', result: { success: true } };
  const pageState: PageState = { type: 'page-state', focused: true };
  const report: ErrorMessage = { type: 'error', message: 'x' };
  const paired = [hello, proof];
  const ready = [hello, proof, catalogue];

  const frame = (message: PageMessage): ServerEvent => ({ kind: 'frame', frame: { ok: true, message } });
  /** The handshake after a sequence, and what its last event asked for. */
  const feed = (sequence: (PageMessage | ServerEvent)[]) =>
    sequence
      .map((item) => ('kind' in item ? item : frame(item)))
      .reduce<{ state: ServerHandshake; actions: ServerAction[] }>(({ state }, event) => serverStep(state, event, ctx), {
        state: SERVER_HANDSHAKE_START,
        actions: []
      });
  const refused = (reason: string, label = '(not yet proved)'): ServerAction[] => [
    { do: 'log', level: 'warn', text: `page ${label}: ${reason}` },
    { do: 'send', message: { type: 'error', message: reason } },
    { do: 'close', code: 4400, reason: `handshake failed: ${reason}` }
  ];
  const answered = (reason: string): ServerAction[] => refused(reason, 'page-a').slice(0, 2);
  const mismatch = (protocol: number, update: string): ServerAction[] => {
    const reason = `wire protocol ${protocol} is not supported (server speaks ${PROTOCOL_VERSION}); update ${update}`;
    return [
      { do: 'log', level: 'warn', text: `refused a page (from http://127.0.0.1:8888): ${reason}` },
      { do: 'send', message: { type: 'error', message: reason } },
      { do: 'close', code: 4426, reason }
    ];
  };
  const notPaired: ServerAction[] = [
    { do: 'token-mismatch' },
    {
      do: 'close',
      code: 4401,
      reason: 'the page could not prove the pairing token; set the bridge token setting to jupyter-live-mcp token'
    }
  ];

  it.each<{ name: string; sequence: (PageMessage | ServerEvent)[]; phase: ServerHandshake['phase']; actions: ServerAction[] }>([
    {
      name: 'a hello is answered with the server’s proof over the dialled port and both nonces',
      sequence: [hello],
      phase: 'awaiting-proof',
      actions: [{ do: 'send', message: { type: 'challenge', nonce: SERVER_NONCE, proof: proofOf(TOKEN, 'server', exchange) } }]
    },
    {
      name: 'a hello that dialled a --public-port is answered over that port',
      sequence: [{ ...hello, port: 18767 }],
      phase: 'awaiting-proof',
      actions: [
        { do: 'send', message: { type: 'challenge', nonce: SERVER_NONCE, proof: proofOf(TOKEN, 'server', { ...exchange, port: 18767 }) } }
      ]
    },
    {
      name: 'a hello that dialled a port the server does not answer on is refused with the --public-port advice',
      sequence: [{ ...hello, port: 9999 }],
      phase: 'awaiting-hello',
      actions: [
        {
          do: 'log',
          level: 'warn',
          text:
            'refused a page (from http://127.0.0.1:8888): it dialled port 9999, but this server answers on 8767, 18767, so something ' +
            'forwards or relays between them. If that is yours (ssh -L, docker -p, a proxy), start the server with --public-port 9999; ' +
            'if not, another program holds the port the page dials.'
        },
        { do: 'close', code: 4409, reason: "dialled port 9999 is not this server's; if a forward is yours: --public-port 9999" }
      ]
    },
    {
      name: 'a hello of a newer protocol hears to update the server',
      sequence: [{ ...hello, protocol: PROTOCOL_VERSION + 1 }],
      phase: 'awaiting-hello',
      actions: mismatch(PROTOCOL_VERSION + 1, 'the jupyter-live-mcp server')
    },
    {
      name: 'a protocol-1 hello (no port) hears to update the bridge',
      sequence: [{ type: 'hello', protocol: 1, nonce: PAGE_NONCE }],
      phase: 'awaiting-hello',
      actions: mismatch(1, 'the jupyter-live-mcp-bridge extension')
    },
    {
      name: 'a hello of this protocol without a port is malformed',
      sequence: [{ type: 'hello', protocol: PROTOCOL_VERSION, nonce: PAGE_NONCE }],
      phase: 'awaiting-hello',
      actions: refused('malformed "hello" message: port: the port the page dialled is required')
    },
    {
      name: 'a repeated hello ends the handshake',
      sequence: [hello, hello],
      phase: 'awaiting-proof',
      actions: refused('hello was already received on this connection')
    },
    {
      name: 'a proof before hello ends the handshake',
      sequence: [proof],
      phase: 'awaiting-hello',
      actions: refused('a proof arrived out of turn')
    },
    {
      name: 'a proof of another token is refused without a word',
      sequence: [hello, { ...proof, proof: proofOf('b'.repeat(64), 'page', exchange) }],
      phase: 'awaiting-proof',
      actions: notPaired
    },
    {
      name: 'a proof over another port (a relay) is refused',
      sequence: [hello, { ...proof, proof: proofOf(TOKEN, 'page', { ...exchange, port: 8768 }) }],
      phase: 'awaiting-proof',
      actions: notPaired
    },
    {
      name: 'the server’s own proof sent back is refused',
      sequence: [hello, { ...proof, proof: proofOf(TOKEN, 'server', exchange) }],
      phase: 'awaiting-proof',
      actions: notPaired
    },
    {
      name: 'the page’s proof is welcomed, and who it is becomes known',
      sequence: [hello, { ...proof, focused: true }],
      phase: 'awaiting-catalogue',
      actions: [
        { do: 'paired', page, focused: true },
        { do: 'log', level: 'info', text: 'page connected: page-a' },
        {
          do: 'send',
          message: { type: 'welcome', protocol: PROTOCOL_VERSION, serverVersion: 'test', heartbeatMs: 30_000, answerHeartbeats: true }
        }
      ]
    },
    {
      name: "a welcomed page's alive goes to the session",
      sequence: [...paired, { type: 'alive' }],
      phase: 'awaiting-catalogue',
      actions: [{ do: 'deliver', message: { type: 'alive' } }]
    },
    {
      name: 'an alive before the proof ends the handshake',
      sequence: [hello, { type: 'alive' }],
      phase: 'awaiting-proof',
      actions: refused('alive arrived before welcome')
    },
    {
      name: 'a proof that does not say whether the page is in front counts as not focused',
      sequence: paired,
      phase: 'awaiting-catalogue',
      actions: expect.arrayContaining([{ do: 'paired', page, focused: false }])
    },
    {
      name: 'a second proof from a welcomed page is answered, and the session goes on',
      sequence: [...paired, proof],
      phase: 'awaiting-catalogue',
      actions: answered('a proof arrived out of turn')
    },
    {
      name: 'a catalogue before hello ends the handshake',
      sequence: [catalogue],
      phase: 'awaiting-hello',
      actions: refused('a catalogue arrived before the handshake finished')
    },
    {
      name: 'a catalogue instead of the proof ends the handshake',
      sequence: [hello, catalogue],
      phase: 'awaiting-proof',
      actions: refused('a catalogue arrived before the handshake finished')
    },
    {
      name: 'the first catalogue finishes the handshake',
      sequence: ready,
      phase: 'ready',
      actions: [{ do: 'ready' }, { do: 'deliver', message: catalogue }]
    },
    {
      name: 'a later catalogue replaces the tools',
      sequence: [...ready, catalogue],
      phase: 'ready',
      actions: [{ do: 'deliver', message: catalogue }]
    },
    {
      name: 'a result before hello ends the handshake',
      sequence: [result],
      phase: 'awaiting-hello',
      actions: refused('a result arrived before the handshake finished')
    },
    {
      name: 'a result before the catalogue is answered',
      sequence: [...paired, result],
      phase: 'awaiting-catalogue',
      actions: answered('a result arrived before the handshake finished')
    },
    {
      name: 'page-state before the catalogue is answered',
      sequence: [...paired, pageState],
      phase: 'awaiting-catalogue',
      actions: answered('page-state arrived before the handshake finished')
    },
    {
      name: 'page-state before the proof ends the handshake',
      sequence: [hello, pageState],
      phase: 'awaiting-proof',
      actions: refused('page-state arrived before the handshake finished')
    },
    {
      name: 'a result goes to the session once ready',
      sequence: [...ready, result],
      phase: 'ready',
      actions: [{ do: 'deliver', message: result }]
    },
    {
      name: 'page-state goes to the session once ready',
      sequence: [...ready, pageState],
      phase: 'ready',
      actions: [{ do: 'deliver', message: pageState }]
    },
    { name: 'an unproved page’s error report is dropped', sequence: [hello, report], phase: 'awaiting-proof', actions: [] },
    {
      name: 'a proved page’s error report goes to the session',
      sequence: [...paired, report],
      phase: 'awaiting-catalogue',
      actions: [{ do: 'deliver', message: report }]
    },
    {
      name: 'a frame that does not parse ends the handshake',
      sequence: [{ kind: 'frame', frame: { ok: false, error: 'message is not JSON' } }],
      phase: 'awaiting-hello',
      actions: refused('message is not JSON')
    },
    {
      name: 'a binary frame ends the handshake',
      sequence: [hello, { kind: 'frame', frame: BINARY_FRAME }],
      phase: 'awaiting-proof',
      actions: refused('binary frames are not part of the protocol; send JSON text frames')
    },
    {
      name: 'a frame that does not parse from a welcomed page is answered, and the session goes on',
      sequence: [...ready, { kind: 'frame', frame: { ok: false, error: 'message is not JSON' } }],
      phase: 'ready',
      actions: answered('message is not JSON')
    },
    {
      name: 'the handshake timer closes a page that never finished',
      sequence: [...paired, { kind: 'timeout' }],
      phase: 'awaiting-catalogue',
      actions: [{ do: 'close', code: 4408, reason: 'no hello and catalogue in time; reload the page to reconnect' }]
    },
    { name: 'the handshake timer leaves a ready page alone', sequence: [...ready, { kind: 'timeout' }], phase: 'ready', actions: [] },
    { name: 'a closed connection accepts nothing', sequence: [hello, { kind: 'closed' }, proof], phase: 'closed', actions: [] },
    {
      name: 'a page that hangs up on the server’s proof holds another token',
      sequence: [hello, { kind: 'closed', code: 4403 }],
      phase: 'closed',
      actions: [{ do: 'token-mismatch' }]
    },
    {
      name: 'a page that hangs up otherwise, or later, is no token mismatch',
      sequence: [...ready, { kind: 'closed', code: 4403 }],
      phase: 'closed',
      actions: []
    },
    { name: 'nor is one that hangs up at once', sequence: [{ kind: 'closed', code: 4403 }], phase: 'closed', actions: [] },
    ...[1000, 1001, 1006, undefined].map((code) => ({
      name: `nor one whose socket ends otherwise (${code ?? 'no code'}) while the server waits for its proof`,
      sequence: [hello, { kind: 'closed' as const, code }],
      phase: 'closed' as const,
      actions: []
    }))
  ])('$name', ({ sequence, phase, actions }) => {
    const step = feed(sequence);
    expect(step.state.phase).toBe(phase);
    expect(step.actions).toEqual(actions);
  });

  it('a refusal escapes what the sender wrote: its log line cannot start a line of its own', () => {
    const forged = 'tools.0.inputSchema.properties.\n[jupyter-live-mcp] info: page connected: FORGED\u001b[2J: bad';
    const [logged, answer] = feed([{ kind: 'frame', frame: { ok: false, error: forged } }]).actions;
    expect(logged).toEqual({
      do: 'log',
      level: 'warn',
      text: 'page (not yet proved): tools.0.inputSchema.properties.\\u000a[jupyter-live-mcp] info: page connected: FORGED\\u001b[2J: bad'
    });
    expect(answer).toEqual({ do: 'send', message: { type: 'error', message: forged } });
  });

  it('a refusal names a proved page by what it said it is', () => {
    expect(feed([...ready, proof]).actions[0]).toEqual({ do: 'log', level: 'warn', text: 'page page-a: a proof arrived out of turn' });
  });
});

describe('the page side', () => {
  const SERVER_URL = 'ws://127.0.0.1:8767';
  const ctx: PageContext = {
    url: SERVER_URL,
    token: TOKEN,
    bridgeVersion: '0.1.0',
    identity: () => page,
    focused: () => true,
    crypto: { ...PAIRING_CRYPTO, nonce: () => PAGE_NONCE }
  };
  const open: PageEvent = { kind: 'open' };
  const challenge: Challenge = { type: 'challenge', nonce: SERVER_NONCE, proof: proofOf(TOKEN, 'server', exchange) };
  const welcome: Welcome = { type: 'welcome', protocol: PROTOCOL_VERSION, serverVersion: 'test', heartbeatMs: 30_000 };
  const call: Call = { type: 'call', callId: 'c1', tool: 'get_context', args: {} };
  const cancel: Cancel = { type: 'cancel', callId: 'c1' };
  const proved = [open, challenge];
  const welcomed = [open, challenge, welcome];
  const closed = (code: number, reason = ''): PageEvent => ({ kind: 'closed', code, reason });

  const frame = (message: ServerMessage): PageEvent => ({ kind: 'frame', frame: { ok: true, message } });
  const feed = (sequence: (ServerMessage | PageEvent)[]) =>
    sequence
      .map((item) => ('kind' in item ? item : frame(item)))
      .reduce<{ state: PageHandshake; actions: PageAction[] }>(({ state }, event) => pageStep(state, event, ctx), {
        state: PAGE_HANDSHAKE_START,
        actions: []
      });
  const ignored = (reason: string): PageAction[] => [
    { do: 'log', level: 'warn', text: `ignored a message from ${SERVER_URL}: ${reason}` },
    { do: 'send', message: { type: 'error', message: reason } }
  ];
  const notProved: PageAction[] = [
    {
      do: 'log',
      level: 'warn',
      text:
        `refused ${SERVER_URL}: it could not prove the pairing token, so it may not be your jupyter-live-mcp server ` +
        '(or the token changed). Nothing was sent to it and it can run nothing here. If it is yours: Put what "jupyter-live-mcp token" ' +
        'prints into Settings → Agent bridge → Pairing token.'
    },
    {
      do: 'alert',
      message: `Refused ${SERVER_URL}: it cannot prove the pairing token; nothing was sent. Check Settings → Agent bridge → Pairing token.`
    },
    { do: 'close', code: 4403, reason: 'the server could not prove the pairing token' }
  ];
  const hungUp: PageAction[] = [
    { do: 'log', level: 'warn', text: `${SERVER_URL} sent something before proving the pairing token; hanging up` },
    { do: 'close', code: 4403, reason: 'prove the pairing token first' }
  ];

  it.each<{ name: string; sequence: (ServerMessage | PageEvent)[]; phase: PageHandshake['phase']; actions: PageAction[] }>([
    {
      name: 'an open socket says hello: protocol, dialled port and nonce, nothing about the page',
      sequence: [open],
      phase: 'awaiting-challenge',
      actions: [{ do: 'send', message: { type: 'hello', protocol: PROTOCOL_VERSION, port: PORT, nonce: PAGE_NONCE } }]
    },
    {
      name: 'a server that proved the token gets the page’s proof and who the page is',
      sequence: proved,
      phase: 'proved',
      actions: [
        { do: 'send', message: { type: 'proof', proof: proofOf(TOKEN, 'page', exchange), bridgeVersion: '0.1.0', page, focused: true } }
      ]
    },
    {
      name: 'a server that did not prove the token is refused, the person told, nothing sent',
      sequence: [open, { ...challenge, proof: proofOf('b'.repeat(64), 'server', exchange) }],
      phase: 'awaiting-challenge',
      actions: notProved
    },
    {
      name: 'a server proving for another port (a relay) is refused',
      sequence: [open, { ...challenge, proof: proofOf(TOKEN, 'server', { ...exchange, port: 8768 }) }],
      phase: 'awaiting-challenge',
      actions: notProved
    },
    {
      name: 'a server echoing a page-side proof is refused',
      sequence: [open, { ...challenge, proof: proofOf(TOKEN, 'page', exchange) }],
      phase: 'awaiting-challenge',
      actions: notProved
    },
    {
      name: 'a welcome before the challenge: hung up on without a word',
      sequence: [open, welcome],
      phase: 'awaiting-challenge',
      actions: hungUp
    },
    {
      name: 'a call before the challenge: hung up on without a word',
      sequence: [open, call],
      phase: 'awaiting-challenge',
      actions: hungUp
    },
    {
      name: 'an error before the challenge: hung up on without a word',
      sequence: [open, { type: 'error', message: 'x' }],
      phase: 'awaiting-challenge',
      actions: hungUp
    },
    {
      name: 'a frame that does not parse before the challenge: hung up on without a word',
      sequence: [open, { kind: 'frame', frame: { ok: false, error: 'message is not JSON' } }],
      phase: 'awaiting-challenge',
      actions: hungUp
    },
    {
      name: 'a binary frame before the challenge: hung up on without a word',
      sequence: [open, { kind: 'frame', frame: BINARY_FRAME }],
      phase: 'awaiting-challenge',
      actions: hungUp
    },
    {
      name: 'a second challenge is answered, and the session goes on',
      sequence: [...proved, challenge],
      phase: 'proved',
      actions: ignored('the server already proved the token on this connection')
    },
    {
      name: 'a call before welcome is answered, and not run',
      sequence: [...proved, call],
      phase: 'proved',
      actions: ignored('a call arrived before welcome')
    },
    { name: 'a cancel before welcome has nothing to drop', sequence: [...proved, cancel], phase: 'proved', actions: [] },
    {
      name: 'a welcome of another protocol is answered, and the page stays unwelcomed',
      sequence: [...proved, { ...welcome, protocol: PROTOCOL_VERSION + 1 }],
      phase: 'proved',
      actions: ignored(`wire protocol ${PROTOCOL_VERSION + 1} is not supported (bridge speaks ${PROTOCOL_VERSION})`)
    },
    {
      name: 'the welcome connects the page',
      sequence: welcomed,
      phase: 'welcomed',
      actions: [
        { do: 'log', level: 'info', text: `connected to jupyter-live-mcp test at ${SERVER_URL}` },
        { do: 'welcomed', heartbeatMs: 30_000 }
      ]
    },
    {
      name: 'a welcome that asks for answers is answered alive at once, after the catalogue',
      sequence: [open, challenge, { ...welcome, answerHeartbeats: true }],
      phase: 'welcomed',
      actions: [
        { do: 'log', level: 'info', text: `connected to jupyter-live-mcp test at ${SERVER_URL}` },
        { do: 'welcomed', heartbeatMs: 30_000 },
        { do: 'send', message: { type: 'alive' } }
      ]
    },
    {
      name: 'a heartbeat from a server that does not ask for answers says nothing but that it is there',
      sequence: [...welcomed, { type: 'heartbeat' }],
      phase: 'welcomed',
      actions: []
    },
    {
      name: 'a welcome that asks for answers is answered alive, after the catalogue, and so is each heartbeat',
      sequence: [open, challenge, { ...welcome, answerHeartbeats: true }, { type: 'heartbeat' }],
      phase: 'welcomed',
      actions: [{ do: 'send', message: { type: 'alive' } }]
    },
    {
      name: 'a call once welcomed goes to the session',
      sequence: [...welcomed, call],
      phase: 'welcomed',
      actions: [{ do: 'deliver', message: call }]
    },
    {
      name: 'a cancel once welcomed goes to the session',
      sequence: [...welcomed, cancel],
      phase: 'welcomed',
      actions: [{ do: 'deliver', message: cancel }]
    },
    {
      name: 'the server’s error report is logged',
      sequence: [...welcomed, { type: 'error', message: 'x' }],
      phase: 'welcomed',
      actions: [{ do: 'log', level: 'warn', text: `the server at ${SERVER_URL} reports: x` }]
    },
    {
      name: 'a frame that does not parse after the proof is answered',
      sequence: [...welcomed, { kind: 'frame', frame: BINARY_FRAME }],
      phase: 'welcomed',
      actions: ignored('binary frames are not part of the protocol; send JSON text frames')
    },
    {
      name: 'a welcomed connection that closes is shown as lost, and retried',
      sequence: [...welcomed, closed(1006)],
      phase: 'closed',
      actions: [{ do: 'log', level: 'info', text: `disconnected from ${SERVER_URL}` }, { do: 'lost' }, { do: 'reconnect' }]
    },
    {
      name: 'the reason a welcomed connection closed is logged',
      sequence: [...welcomed, closed(1001, 'server stopping')],
      phase: 'closed',
      actions: [{ do: 'log', level: 'info', text: `disconnected from ${SERVER_URL}: server stopping` }, { do: 'lost' }, { do: 'reconnect' }]
    },
    { name: 'a server that never answered is retried', sequence: [open, closed(1006)], phase: 'closed', actions: [{ do: 'reconnect' }] },
    {
      name: 'after hanging up on a server, the page retries',
      sequence: [open, welcome, closed(4403)],
      phase: 'closed',
      actions: [{ do: 'reconnect' }]
    },
    {
      name: 'a server that refused the page’s token: the person is told, and it is retried',
      sequence: [...proved, closed(4401, 'the page could not prove the pairing token')],
      phase: 'closed',
      actions: [
        {
          do: 'alert',
          message:
            `${SERVER_URL} refused this page's token. ` +
            'Put what "jupyter-live-mcp token" prints into Settings → Agent bridge → Pairing token.'
        },
        { do: 'reconnect' }
      ]
    },
    {
      name: 'a server that does not answer on the dialled port: its advice is logged, the person told, and it is retried',
      sequence: [open, closed(4409, 'dialled port 8767 is not this server’s')],
      phase: 'closed',
      actions: [
        { do: 'log', level: 'warn', text: `the server behind ${SERVER_URL} refused this page: dialled port 8767 is not this server’s` },
        { do: 'alert', message: `The server behind ${SERVER_URL} answers on another port. See the browser console.` },
        { do: 'reconnect' }
      ]
    },
    {
      name: 'a page another connection replaced (same id) tells the person and is not retried, or the two would take turns',
      sequence: [...welcomed, closed(4410, 'replaced')],
      phase: 'closed',
      actions: [
        { do: 'log', level: 'info', text: `disconnected from ${SERVER_URL}: replaced` },
        {
          do: 'alert',
          message: `Another connection with this page's id (a copy of this tab?) replaced it at ${SERVER_URL}. Reload the page to reconnect.`
        },
        { do: 'lost' },
        { do: 'log', level: 'warn', text: `the server at ${SERVER_URL} refused this page: replaced` }
      ]
    },
    {
      name: 'a server of another protocol is not retried: it said which side to update',
      sequence: [open, closed(4426, 'update the jupyter-live-mcp server')],
      phase: 'closed',
      actions: [{ do: 'log', level: 'warn', text: `the server at ${SERVER_URL} refused this page: update the jupyter-live-mcp server` }]
    },
    { name: 'with no socket, a frame is ignored', sequence: [call], phase: 'closed', actions: [] },
    {
      name: 'a new socket starts the handshake over',
      sequence: [...welcomed, closed(1006), open],
      phase: 'awaiting-challenge',
      actions: [{ do: 'send', message: { type: 'hello', protocol: PROTOCOL_VERSION, port: PORT, nonce: PAGE_NONCE } }]
    }
  ])('$name', ({ sequence, phase, actions }) => {
    const step = feed(sequence);
    expect(step.state.phase).toBe(phase);
    expect(step.actions).toEqual(actions);
  });

  it.each([
    ['ws://127.0.0.1:8767', 8767],
    ['ws://localhost', 80],
    ['wss://hub.example/user/me/bridge', 443]
  ])('the port %s dials is %i', (url, port) => {
    expect(dialledPort(url)).toBe(port);
  });

  describe('a JupyterLite page, paired by the site lite served it', () => {
    const liteCtx: PageContext = { ...ctx, identity: () => ({ ...page, app: { name: JUPYTERLITE_APP_NAME, version: '0.8.0' } }) };
    const liteFeed = (events: PageEvent[]) =>
      events.reduce<{ state: PageHandshake; actions: PageAction[] }>(({ state }, event) => pageStep(state, event, liteCtx), {
        state: PAGE_HANDSHAKE_START,
        actions: []
      });

    it('whose token a server refused is told to open the URL lite printed, not to change a setting', () => {
      expect(liteFeed([open, frame(challenge), closed(4401)]).actions).toEqual([
        {
          do: 'alert',
          message: `${SERVER_URL} refused this page's token. Close this tab and open the URL jupyter-live-mcp lite printed (or restart lite).`
        },
        { do: 'reconnect' }
      ]);
    });

    it('that refused a server is told the same, in the log and in a few words', () => {
      const { actions } = liteFeed([open, frame({ ...challenge, proof: proofOf('b'.repeat(64), 'server', exchange) })]);
      expect(actions.slice(0, 2)).toEqual([
        {
          do: 'log',
          level: 'warn',
          text:
            `refused ${SERVER_URL}: it could not prove the pairing token, so it may not be your jupyter-live-mcp server ` +
            '(or the token changed). Nothing was sent to it and it can run nothing here. If it is yours: Close this tab and ' +
            'open the URL jupyter-live-mcp lite printed (or restart lite).'
        },
        {
          do: 'alert',
          message: `Refused ${SERVER_URL}: it cannot prove the pairing token; nothing was sent. Close this tab; open the URL lite printed.`
        }
      ]);
    });
  });

  describe('a page paired by a link (jupyter-live-mcp pair), whatever its app', () => {
    const linkCtx: PageContext = { ...ctx, url: 'ws://127.0.0.1:18767', pairedByLink: true };
    const linkFeed = (events: PageEvent[]) =>
      events.reduce<{ state: PageHandshake; actions: PageAction[] }>(({ state }, event) => pageStep(state, event, linkCtx), {
        state: PAGE_HANDSHAKE_START,
        actions: []
      });
    const alerts = (actions: PageAction[]) => actions.flatMap((action) => (action.do === 'alert' ? [action.message] : []));

    it('is told to pair again, not to change a setting, in notifications that fit (140 characters)', () => {
      const refused = alerts(linkFeed([open, frame(challenge), closed(4401)]).actions);
      const refusing = alerts(linkFeed([open, frame({ ...challenge, proof: proofOf('b'.repeat(64), 'server', exchange) })]).actions);
      expect(refused).toEqual([
        "ws://127.0.0.1:18767 refused this page's token. Run jupyter-live-mcp pair with this page's URL on your computer; open the link it prints."
      ]);
      expect(refusing).toEqual([
        "Refused ws://127.0.0.1:18767: it cannot prove the pairing token; nothing was sent. Run jupyter-live-mcp pair with this page's URL again."
      ]);
      for (const message of [...refused, ...refusing]) expect(message.length).toBeLessThanOrEqual(140);
    });
  });

  it.each(['JupyterLab', JUPYTERLITE_APP_NAME])('on a %s page, either token refusal fits a page notification (140 characters)', (name) => {
    const longCtx: PageContext = { ...ctx, url: 'ws://127.0.0.1:18767', identity: () => ({ ...page, app: { name, version: '1' } }) };
    const refusals = [
      [open, closed(4401)],
      [open, frame({ ...challenge, proof: 'f'.repeat(64) })]
    ];
    for (const events of refusals) {
      const { actions } = events.reduce<{ state: PageHandshake; actions: PageAction[] }>(
        ({ state }, event) => pageStep(state, event, longCtx),
        { state: PAGE_HANDSHAKE_START, actions: [] }
      );
      const alert = actions.find((action) => action.do === 'alert');
      expect(alert && 'message' in alert && alert.message.length).toBeLessThanOrEqual(140);
    }
  });
});

describe('tokenFix', () => {
  it.each(['JupyterLab', 'Jupyter Notebook', ''])('on a %j page names the setting, in both lengths', (appName) => {
    const fix = tokenFix(appName);
    expect(fix.full).toContain('Settings → Agent bridge → Pairing token');
    expect(fix.short).toContain('Settings → Agent bridge → Pairing token');
  });

  it('on a JupyterLite page names the URL lite printed, in both lengths', () => {
    const fix = tokenFix(JUPYTERLITE_APP_NAME);
    expect(fix.full).toContain('open the URL jupyter-live-mcp lite printed');
    expect(fix.short).toContain('open the URL lite printed');
  });
});
