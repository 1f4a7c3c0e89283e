/**
 * The floor for a call: a raw WebSocket round trip between this Node process
 * and the same page, with the call's and the result's sizes, and nothing else
 * (no JSON, no validation, no MCP, no second process). Timed from Node, where
 * the MCP client times its calls too.
 */
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { WebSocketServer, type WebSocket as NodeSocket } from 'ws';

export interface EchoFloor {
  /** One round trip: `requestChars` to the page, `replyChars` back. */
  roundTrip(requestChars: number, replyChars: number): Promise<number>;
  close(): Promise<void>;
}

/** The wire sizes of a call and of its result, as the server and the bridge encode them. */
export function wireSizes(
  tool: string,
  args: Record<string, unknown>,
  result: Record<string, unknown>
): { request: number; reply: number } {
  return {
    request: JSON.stringify({ type: 'call', callId: 'c1000', tool, args }).length,
    reply: `{"type":"result","callId":"c1000","result":${pageResultJson(result)}}`.length
  };
}

/** A result's JSON as the page sent it: the server adds `page`/`pages` to get_context after the page answered. */
export function pageResultJson(result: Record<string, unknown>): string {
  const { page: _page, pages: _pages, ...fromPage } = result;
  return JSON.stringify(fromPage);
}

export async function startEchoFloor(page: Page): Promise<EchoFloor> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const connected = new Promise<NodeSocket>((resolve) => server.once('connection', resolve));
  const port = (server.address() as AddressInfo).port;
  // The page answers each message with a reply of the length the message asks for
  // (its leading number), from a cache, so it spends no time building replies.
  await page.evaluate(async (url) => {
    const socket = new WebSocket(url);
    const replies = new Map<number, string>();
    socket.onmessage = (event) => {
      const length = parseInt(String(event.data), 10);
      let reply = replies.get(length);
      if (reply === undefined) {
        reply = 'r'.repeat(length);
        replies.set(length, reply);
      }
      socket.send(reply);
    };
    await new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = reject;
    });
  }, `ws://127.0.0.1:${port}`);
  const socket = await connected;
  const requests = new Map<string, string>();
  const request = (requestChars: number, replyChars: number) => {
    const key = `${requestChars}:${replyChars}`;
    let text = requests.get(key);
    if (text === undefined) {
      const head = `${replyChars}|`;
      text = head + 'q'.repeat(Math.max(0, requestChars - head.length));
      requests.set(key, text);
    }
    return text;
  };
  return {
    roundTrip(requestChars, replyChars) {
      const text = request(requestChars, replyChars);
      return new Promise((resolve) => {
        const started = performance.now();
        socket.once('message', () => resolve(performance.now() - started));
        socket.send(text);
      });
    },
    async close() {
      socket.close();
      await new Promise((resolve) => server.close(resolve));
    }
  };
}
