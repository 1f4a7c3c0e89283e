/**
 * The joining side of the join channel (protocol's join-channel.ts): dials the
 * server that holds the bridge port, proves the pairing token to it (after it
 * proved it), then carries the agent's MCP messages both ways until the hub
 * hands over or goes.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import WebSocket from 'ws';
import {
  JOIN_CLOSE_CODES,
  JOIN_PATH,
  PAIRING_CRYPTO,
  joinerStart,
  joinerStep,
  parseHubMessage,
  type JoinRefusal,
  type JoinerAction,
  type JoinerMessage,
  type JoinerState,
  type Leaving
} from '@jupyter-live-mcp/protocol';
import type { Logger } from '../log.js';
import { urlHost } from '../net/url-host.js';

/** A hub that has not welcomed us in this time is not one we can join. */
const JOIN_TIMEOUT_MS = 5_000;

export interface HubChannel {
  hubPid: number;
  send(message: JSONRPCMessage): void;
  /** Closes the channel (this server is stopping). */
  close(): void;
}

export type JoinOutcome = { kind: 'joined'; channel: HubChannel } | { kind: 'failed'; refusal: JoinRefusal | { kind: 'gone' } };

export interface JoinOptions {
  host: string;
  port: number;
  token: string;
  maxMessageBytes: number;
  log: Logger;
  /** An MCP message from the hub's session for our agent. */
  onMessage(message: JSONRPCMessage): void;
  /** The hub is handing over: send nothing more (its answers still come). */
  onLeaving(): void;
  /** The channel closed after the join; `leaving` if the hub said it was handing over. */
  onLost(leaving: Leaving | undefined): void;
}

export function joinHub(options: JoinOptions): Promise<JoinOutcome> {
  const { log } = options;
  const ws = new WebSocket(`ws://${urlHost(options.host, options.port)}${JOIN_PATH}`, { maxPayload: options.maxMessageBytes });
  const start = joinerStart(PAIRING_CRYPTO.nonce());
  let state: JoinerState = start.state;
  let leaving: Leaving | undefined;
  let joined = false;
  return new Promise<JoinOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: JoinOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      settle({ kind: 'failed', refusal: { kind: 'refused', reason: `it did not answer the join within ${JOIN_TIMEOUT_MS / 1000} s` } });
      ws.terminate();
    }, JOIN_TIMEOUT_MS);
    const send = (message: JoinerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    const act = (action: JoinerAction) => {
      switch (action.do) {
        case 'send':
          send(action.message);
          return;
        case 'close':
          ws.close(action.code, action.reason);
          return;
        case 'refused':
          settle({ kind: 'failed', refusal: action.refusal });
          return;
        case 'joined':
          joined = true;
          settle({
            kind: 'joined',
            channel: {
              hubPid: action.hubPid,
              send: (message) => send({ type: 'mcp', message: message as Record<string, unknown> }),
              close: () => ws.close()
            }
          });
          return;
        case 'mcp':
          options.onMessage(action.message as JSONRPCMessage);
          return;
        case 'leaving':
          leaving = action.leaving;
          options.onLeaving();
          log.info(
            `the server holding the port (pid ${state.phase === 'joined' ? state.hubPid : '?'}) is stopping: this one takes the port over once it has`
          );
          return;
      }
    };
    ws.on('open', () => start.actions.forEach(act));
    ws.on('message', (data: WebSocket.RawData) => {
      const step = joinerStep(state, parseHubMessage(data.toString()), {
        token: options.token,
        port: options.port,
        pid: process.pid,
        crypto: PAIRING_CRYPTO
      });
      state = step.state;
      step.actions.forEach(act);
    });
    ws.on('unexpected-response', (_request, response) => {
      settle({ kind: 'failed', refusal: { kind: 'refused', reason: `it answered the join with HTTP ${response.statusCode}` } });
      ws.terminate();
    });
    ws.on('error', (error: NodeJS.ErrnoException) => {
      // Nothing listens any more: the holder left between our listen and this join.
      settle({ kind: 'failed', refusal: error.code === 'ECONNREFUSED' ? { kind: 'gone' } : { kind: 'refused', reason: error.message } });
    });
    ws.on('close', (code: number, reason: Buffer) => {
      if (!settled) {
        if (code === JOIN_CLOSE_CODES.handedOver) {
          // A hub on its way out: the port is about to be free.
          settle({ kind: 'failed', refusal: { kind: 'gone' } });
          return;
        }
        settle({
          kind: 'failed',
          refusal: { kind: 'refused', reason: `it closed the connection (${code}${reason.length ? `: ${reason.toString()}` : ''})` }
        });
        return;
      }
      if (joined) {
        joined = false;
        options.onLost(leaving);
      }
    });
  });
}
