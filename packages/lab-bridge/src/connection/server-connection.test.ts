/**
 * The bridge's side of the wire, against a scripted server: the token proof in
 * both directions, and thousands of hostile messages (property-based) that must
 * neither crash the bridge nor run anything, after which a real call still
 * works. WebSocket and document are stand-ins: this runs in Node.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION, isValidProof, proofOf, succeed, type PageMessage } from '@jupyter-live-mcp/protocol';
import { ServerConnection } from './server-connection.js';
import { serverCaller, type Caller } from '../changes/caller.js';

const TOKEN = '7'.repeat(64);
const SERVER_NONCE = '8'.repeat(64);

/** A stand-in for the browser's WebSocket that the test plays the server on. */
class ScriptedSocket {
  static OPEN = 1;
  static last: ScriptedSocket | undefined;
  readyState = 1;
  sent: PageMessage[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    ScriptedSocket.last = this;
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000, reason = ''): void {
    if (this.closedWith === undefined) {
      this.closedWith = code;
      this.readyState = 3;
      this.onclose?.({ code, reason });
    }
  }
  receive(message: unknown): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
}

const runs: { tool: string; args: Record<string, unknown>; caller: Caller }[] = [];
const alerts: string[] = [];
let connection: ServerConnection;

beforeEach(() => {
  Object.assign(globalThis, { WebSocket: ScriptedSocket, document: { hasFocus: () => true, title: 'T' } });
  runs.length = 0;
  alerts.length = 0;
  connection = new ServerConnection('ws://127.0.0.1:1', {
    bridgeVersion: 'test',
    token: TOKEN,
    alert: (message) => alerts.push(message),
    changed: () => {},
    identity: () => ({ pageId: 'page-t', app: { name: 'JupyterLab', version: '4.6.4' }, url: 'http://x/lab' }),
    catalogue: () => ({ tools: [] }),
    run: async (tool, args, caller) => {
      runs.push({ tool, args, caller });
      return { resultJson: JSON.stringify(succeed({ ran: tool })), images: [] };
    },
    log: { info: () => {}, warn: () => {} }
  });
  connection.start();
  ScriptedSocket.last!.onopen?.();
});

afterEach(() => {
  connection.stop();
  vi.useRealTimers();
});

/** Plays an honest server through the handshake. */
function pair(socket: ScriptedSocket): void {
  const hello = socket.sent[0] as { type: string; nonce: string };
  socket.receive({
    type: 'challenge',
    nonce: SERVER_NONCE,
    proof: proofOf(TOKEN, 'server', { port: 1, pageNonce: hello.nonce, serverNonce: SERVER_NONCE })
  });
  socket.receive({ type: 'welcome', protocol: PROTOCOL_VERSION, serverVersion: 'test', heartbeatMs: 1000 });
}

const hostileMessage = fc.oneof(
  fc.string(),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        type: fc.constantFrom('challenge', 'welcome', 'call', 'cancel', 'error', 'hello', 'result', ''),
        callId: fc.oneof(fc.string(), fc.integer()),
        tool: fc.oneof(fc.string(), fc.constant('execute_command')),
        args: fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue())),
        nonce: fc.string(),
        proof: fc.oneof(fc.string(), fc.stringMatching(/^[0-9a-f]{64}$/)),
        protocol: fc.oneof(fc.integer(), fc.constant(PROTOCOL_VERSION)),
        message: fc.jsonValue()
      },
      { requiredKeys: ['type'] }
    )
    .map((value) => JSON.stringify(value))
);

describe('the bridge on the wire', () => {
  it('proves the token only to a server that proved it first', () => {
    const socket = ScriptedSocket.last!;
    const hello = socket.sent[0] as { type: string; nonce: string };
    // Nothing about the page before the server has proved the token: who it is goes with the page's proof.
    expect(hello).toEqual({ type: 'hello', protocol: PROTOCOL_VERSION, port: 1, nonce: expect.stringMatching(/^[0-9a-f]{64}$/) });
    pair(socket);
    const proof = socket.sent[1] as { type: string; proof: string };
    expect(proof).toMatchObject({ type: 'proof', page: { pageId: 'page-t', url: 'http://x/lab' } });
    expect(isValidProof(proof.proof, TOKEN, 'page', { port: 1, pageNonce: hello.nonce, serverNonce: SERVER_NONCE })).toBe(true);
    expect(socket.sent[2]).toEqual({ type: 'catalogue', tools: [] });
    expect(connection.connected).toBe(true);
  });

  it('hangs up on a server that cannot prove the token, sends it nothing more and tells the person', () => {
    const socket = ScriptedSocket.last!;
    socket.receive({ type: 'challenge', nonce: SERVER_NONCE, proof: 'f'.repeat(64) });
    socket.receive({ type: 'call', callId: 'c1', tool: 'execute_command', args: {} });
    expect(socket.sent.map((m) => m.type)).toEqual(['hello']);
    expect(socket.closedWith).toBe(4403);
    expect(runs).toEqual([]);
    expect(alerts).toEqual([expect.stringMatching(/^Refused ws:\/\/127\.0\.0\.1:1: it cannot prove the pairing token/)]);
    expect(alerts[0]!.length).toBeLessThanOrEqual(140);
  });

  it('before the proof, any hostile message ends the connection without a word and runs nothing', () => {
    fc.assert(
      fc.property(hostileMessage, (message) => {
        connection.stop();
        connection.start();
        const socket = ScriptedSocket.last!;
        socket.onopen?.();
        socket.receive(message);
        return runs.length === 0 && socket.sent.every((m) => m.type === 'hello');
      }),
      { numRuns: 2000, seed: 11 }
    );
  });

  it('after pairing, 10,000 hostile messages neither crash it nor run anything unasked, and a real call still runs', async () => {
    const socket = ScriptedSocket.last!;
    pair(socket);
    for (const message of fc.sample(hostileMessage, { numRuns: 10_000, seed: 5 })) {
      socket.receive(message);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Only well-formed calls ran, each answered once.
    const answered = socket.sent.filter((m) => m.type === 'result').length;
    expect(answered).toBe(runs.length);
    socket.receive({ type: 'call', callId: 'real-1', tool: 'get_context', args: {} });
    await expect.poll(() => socket.sent.some((m) => m.type === 'result' && m.callId === 'real-1')).toBe(true);
    expect(socket.closedWith).toBeUndefined();
  });
});

describe("the person's focus", () => {
  it('tells the server where the person is after the welcome, and again whenever it changes', () => {
    const socket = ScriptedSocket.last!;
    const focus = { notebookPath: 'n.ipynb', activeCell: { id: 'c1', index: 0 }, selectedCells: [{ id: 'c1', index: 0 }] };
    connection.sendFocus(focus);
    expect(socket.sent).toHaveLength(1);
    pair(socket);
    expect(socket.sent.slice(2)).toEqual([
      { type: 'catalogue', tools: [] },
      { type: 'page-state', focused: true, title: 'T', focus }
    ]);
    connection.sendFocus(null);
    expect(socket.sent.at(-1)).toEqual({ type: 'page-state', focused: true, title: 'T', focus: null });
  });
});

describe('the agent of a call', () => {
  it("runs each call as its server's agent, or, from an older server that names none, as the server's one agent", async () => {
    const socket = ScriptedSocket.last!;
    pair(socket);
    socket.receive({ type: 'call', callId: 'c1', tool: 'read_cell', args: {}, agent: { id: 'a1b2c3', client: 'claude-code' } });
    socket.receive({ type: 'call', callId: 'c2', tool: 'read_cell', args: {} });
    await expect.poll(() => runs.length).toBe(2);
    expect(runs.map((run) => run.caller)).toEqual([
      serverCaller('ws://127.0.0.1:1', { id: 'a1b2c3', client: 'claude-code' }),
      serverCaller('ws://127.0.0.1:1', undefined)
    ]);
  });
});

describe('a server that stops answering', () => {
  /** A fresh connection whose timers the test runs. */
  function connectWithFakeTimers(): ScriptedSocket {
    vi.useFakeTimers();
    connection.stop();
    connection.start();
    const socket = ScriptedSocket.last!;
    socket.onopen?.();
    return socket;
  }

  it('is given up after two heartbeat periods without a frame, and dialled again', () => {
    const socket = connectWithFakeTimers();
    pair(socket);
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(1000);
      socket.receive({ type: 'heartbeat' });
    }
    expect(connection.connected).toBe(true);
    // Two full periods after the last frame, not after the timer set before it.
    vi.advanceTimersByTime(1999);
    expect(connection.connected).toBe(true);
    vi.advanceTimersByTime(1);
    expect(connection.connected).toBe(false);
    expect(socket.closedWith).toBe(4411);
    let dialled = 0;
    const Counting = class extends ScriptedSocket {
      constructor(url: string) {
        super(url);
        dialled++;
      }
    };
    Object.assign(globalThis, { WebSocket: Counting });
    vi.advanceTimersByTime(1000);
    // Dialled again once (its own close event, when it comes, changes nothing).
    expect(dialled).toBe(1);
  });

  it('is given up when it never answers the hello', () => {
    const socket = connectWithFakeTimers();
    vi.advanceTimersByTime(29_000);
    expect(socket.closedWith).toBeUndefined();
    vi.advanceTimersByTime(1_000);
    expect(socket.closedWith).toBe(4411);
    vi.advanceTimersByTime(1_000);
    expect(ScriptedSocket.last).not.toBe(socket);
  });
});
