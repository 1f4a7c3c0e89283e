/**
 * A page without a browser: a raw WebSocket client that pairs with the token
 * through the page side's own handshake (protocol's pageStep), sends its
 * catalogue, and answers each call through a handler. It also sends any frame
 * it is given, which is how the fuzzer speaks as a hostile page.
 */
import {
  PAGE_HANDSHAKE_START,
  PAIRING_CRYPTO,
  pageStep,
  parseServerMessage,
  type Call,
  type PageContext,
  type PageHandshake,
  type PageIdentity,
  type ToolDescriptor
} from '@jupyter-live-mcp/protocol';
import { WebSocket } from 'ws';

export interface FakePage {
  readonly pageId: string;
  /** Welcomed, catalogue sent, socket open. */
  isOpen(): boolean;
  /** Sends a frame as it is (text, or binary for a Buffer). */
  send(frame: string | Buffer): void;
  /** Resolves with the close code once the socket closed. */
  closed: Promise<number>;
  close(): void;
}

export interface FakePageOptions {
  url: string;
  token: string;
  identity: PageIdentity;
  tools: ToolDescriptor[];
  /** Answers a call, through `page.send`. */
  answer(call: Call, page: FakePage): void;
  /** A loopback origin, as a browser sends for a page served from 127.0.0.1. */
  origin?: string;
  timeoutMs?: number;
}

/** Resolves once the server welcomed the page and the catalogue is sent; rejects if the socket closes first. */
export function connectFakePage(options: FakePageOptions): Promise<FakePage> {
  const socket = new WebSocket(options.url, { headers: { origin: options.origin ?? 'http://127.0.0.1' } });
  const context: PageContext = {
    url: options.url,
    token: options.token,
    bridgeVersion: 'fuzz',
    identity: () => options.identity,
    focused: () => false,
    crypto: PAIRING_CRYPTO
  };
  let state: PageHandshake = PAGE_HANDSHAKE_START;
  let welcomed = false;
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  const page: FakePage = {
    pageId: options.identity.pageId,
    isOpen: () => welcomed && socket.readyState === WebSocket.OPEN,
    send(frame) {
      if (socket.readyState === WebSocket.OPEN) socket.send(frame, { binary: typeof frame !== 'string' });
    },
    closed,
    close: () => socket.close()
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`page ${page.pageId} was not welcomed within ${options.timeoutMs ?? 15_000} ms`));
    }, options.timeoutMs ?? 15_000);
    const step = (event: Parameters<typeof pageStep>[1]) => {
      const next = pageStep(state, event, context);
      state = next.state;
      for (const action of next.actions) {
        if (action.do === 'send') {
          page.send(JSON.stringify(action.message));
        } else if (action.do === 'close') {
          socket.close(action.code, action.reason);
        } else if (action.do === 'welcomed') {
          welcomed = true;
          page.send(JSON.stringify({ type: 'catalogue', tools: options.tools }));
          clearTimeout(timer);
          resolve(page);
        } else if (action.do === 'deliver' && action.message.type === 'call') {
          options.answer(action.message, page);
        }
      }
    };
    socket.once('open', () => step({ kind: 'open' }));
    socket.on('message', (data, isBinary) => {
      if (!isBinary) step({ kind: 'frame', frame: parseServerMessage(data.toString()) });
    });
    socket.on('error', () => {});
    void closed.then((code) => {
      welcomed = false;
      clearTimeout(timer);
      reject(new Error(`page ${page.pageId}: the socket closed (${code}) before the welcome`));
    });
  });
}
