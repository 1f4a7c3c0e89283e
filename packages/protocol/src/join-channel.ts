/**
 * The join channel (SPEC §8, several agents): a server that finds the bridge
 * port held by another jupyter-live-mcp server of the same token joins it, and
 * its MCP client's messages travel through the holder (the hub), which serves
 * each joined agent as an MCP session of its own. It runs on the bridge
 * endpoint's port, path JOIN_PATH, with no Origin (a browser always sends one,
 * so no web page can open it):
 *
 *   joiner → hub   join          the joiner's nonce
 *   hub → joiner   join-challenge  the hub's nonce and its proof of the token
 *   joiner → hub   join-proof    the joiner's proof (only to a hub that proved the token)
 *   hub → joiner   joined        accepted: MCP messages may flow
 *   either way     mcp           one JSON-RPC message of the joiner's MCP session
 *   hub → joiner   leaving       the hub is stopping: send nothing more, take the port over once it closes
 *   joiner → hub   left          understood; the hub closes once the joiner's calls are answered
 *
 * The proofs are pairing.ts's with their own side labels, over the port and both
 * nonces: the token never crosses the wire, and neither a page's proof nor the
 * other side's can be replayed here.
 */
import * as z from 'zod/mini';
import './zod-english.js';
import type { Exchange } from './pairing.js';
import { authNonce, authProof, type Parsed } from './wire.js';
import type { CloseAction, HandshakeCrypto, Step } from './handshake.js';

/** The join channel's own version: a joiner of another is refused, saying which to update. */
export const JOIN_PROTOCOL_VERSION = 1;

/** Where the bridge endpoint takes joining servers. */
export const JOIN_PATH = '/join';

export const JOIN_CLOSE_CODES = {
  /** The joiner did not prove the token. */
  notProved: 4501,
  /** The hub did not prove the token: it holds another. */
  hubNotProved: 4503,
  /** A message out of turn or that does not parse. */
  failed: 4500,
  protocolMismatch: 4526,
  /** The hub handed over: its port is free now. */
  handedOver: 4000
} as const;

const joinSchema = z.strictObject({ type: z.literal('join'), protocol: z.int().check(z.positive()), nonce: authNonce });
const joinChallengeSchema = z.object({ type: z.literal('join-challenge'), nonce: authNonce, proof: authProof });
const joinProofSchema = z.strictObject({
  type: z.literal('join-proof'),
  proof: authProof,
  /** The joining server's process id, for the hub's log lines. */
  pid: z.int().check(z.positive())
});
const joinedSchema = z.object({
  type: z.literal('joined'),
  serverVersion: z.string().check(z.maxLength(100)),
  pid: z.int().check(z.positive())
});
/** One JSON-RPC message; its shape is the MCP SDK's to check, on the side that reads it. */
const mcpSchema = z.object({ type: z.literal('mcp'), message: z.record(z.string(), z.unknown()) });
const leavingSchema = z.object({
  type: z.literal('leaving'),
  /** How many pages were connected: the one that takes over waits for them to reconnect. */
  pages: z.int().check(z.gte(0)),
  /** The joiner's page selection, kept across the takeover. */
  selectedPageId: z.optional(z.string().check(z.maxLength(500)))
});
const leftSchema = z.object({ type: z.literal('left') });

export const joinerMessageSchema = z.discriminatedUnion('type', [joinSchema, joinProofSchema, mcpSchema, leftSchema]);
export const hubMessageSchema = z.discriminatedUnion('type', [joinChallengeSchema, joinedSchema, mcpSchema, leavingSchema]);

export type JoinerMessage = z.infer<typeof joinerMessageSchema>;
export type HubMessage = z.infer<typeof hubMessageSchema>;
export type Leaving = z.infer<typeof leavingSchema>;

export function parseJoinerMessage(data: string): Parsed<JoinerMessage> {
  return parseWith(data, joinerMessageSchema);
}

export function parseHubMessage(data: string): Parsed<HubMessage> {
  return parseWith(data, hubMessageSchema);
}

function parseWith<T>(data: string, schema: z.ZodMiniType<T>): Parsed<T> {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch (error) {
    return { ok: false, error: `message is not JSON: ${(error as Error).message}` };
  }
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { ok: true, message: parsed.data }
    : { ok: false, error: `malformed join-channel message: ${parsed.error.message}` };
}

// ------------------------------------------------------------------- hub side

export type HubJoinState =
  | { phase: 'awaiting-join' }
  | { phase: 'awaiting-proof'; exchange: Exchange }
  | { phase: 'joined'; pid: number }
  | { phase: 'closed' };

export type HubJoinAction =
  | { do: 'send'; message: HubMessage }
  | CloseAction
  | { do: 'joined'; pid: number }
  | { do: 'mcp'; message: Record<string, unknown> }
  | { do: 'left' };

export interface HubJoinContext {
  token: string;
  /** The port the joiner dialled (the endpoint's). */
  port: number;
  serverVersion: string;
  pid: number;
  /** PAIRING_CRYPTO (handshake.ts), or fixed nonces in tests. */
  crypto: HandshakeCrypto;
}

export function hubJoinStep(state: HubJoinState, frame: Parsed<JoinerMessage>, ctx: HubJoinContext): Step<HubJoinState, HubJoinAction> {
  if (state.phase === 'closed') return { state, actions: [] };
  if (!frame.ok) return closeHub(JOIN_CLOSE_CODES.failed, frame.error);
  const message = frame.message;
  switch (state.phase) {
    case 'awaiting-join': {
      if (message.type !== 'join') return closeHub(JOIN_CLOSE_CODES.failed, `expected "join", got "${message.type}"`);
      if (message.protocol !== JOIN_PROTOCOL_VERSION) {
        return closeHub(
          JOIN_CLOSE_CODES.protocolMismatch,
          `join protocol ${message.protocol} is not this server's (${JOIN_PROTOCOL_VERSION}): run one jupyter-live-mcp version for all agents`
        );
      }
      const exchange: Exchange = { port: ctx.port, pageNonce: message.nonce, serverNonce: ctx.crypto.nonce() };
      return {
        state: { phase: 'awaiting-proof', exchange },
        actions: [
          {
            do: 'send',
            message: { type: 'join-challenge', nonce: exchange.serverNonce, proof: ctx.crypto.proofOf(ctx.token, 'hub', exchange) }
          }
        ]
      };
    }
    case 'awaiting-proof':
      if (message.type !== 'join-proof') return closeHub(JOIN_CLOSE_CODES.failed, `expected "join-proof", got "${message.type}"`);
      if (!ctx.crypto.isValidProof(message.proof, ctx.token, 'joiner', state.exchange)) {
        return closeHub(JOIN_CLOSE_CODES.notProved, 'the joining server could not prove the pairing token');
      }
      return {
        state: { phase: 'joined', pid: message.pid },
        actions: [
          { do: 'send', message: { type: 'joined', serverVersion: ctx.serverVersion, pid: ctx.pid } },
          { do: 'joined', pid: message.pid }
        ]
      };
    case 'joined':
      if (message.type === 'mcp') return { state, actions: [{ do: 'mcp', message: message.message }] };
      if (message.type === 'left') return { state, actions: [{ do: 'left' }] };
      return closeHub(JOIN_CLOSE_CODES.failed, `"${message.type}" arrived after the join`);
  }
}

function closeHub(code: number, reason: string): Step<HubJoinState, HubJoinAction> {
  return { state: { phase: 'closed' }, actions: [{ do: 'close', code, reason }] };
}

// ---------------------------------------------------------------- joiner side

export type JoinerState =
  | { phase: 'awaiting-challenge'; nonce: string }
  | { phase: 'awaiting-joined' }
  | { phase: 'joined'; hubPid: number }
  | { phase: 'closed' };

/** Why a join did not happen, for the messages the agent and the person read. */
export type JoinRefusal =
  /** The holder proved another token (another user's server, or this user's with another config folder). */
  | { kind: 'other-token' }
  /** The holder refused this server's proof, or spoke of something else. */
  | { kind: 'refused'; reason: string };

export type JoinerAction =
  | { do: 'send'; message: JoinerMessage }
  | CloseAction
  | { do: 'joined'; hubPid: number }
  | { do: 'refused'; refusal: JoinRefusal }
  | { do: 'mcp'; message: Record<string, unknown> }
  | { do: 'leaving'; leaving: Leaving };

export interface JoinerContext {
  token: string;
  port: number;
  pid: number;
  crypto: HandshakeCrypto;
}

/** The joiner's first message; its nonce goes into the state. */
export function joinerStart(nonce: string): Step<JoinerState, JoinerAction> {
  return {
    state: { phase: 'awaiting-challenge', nonce },
    actions: [{ do: 'send', message: { type: 'join', protocol: JOIN_PROTOCOL_VERSION, nonce } }]
  };
}

export function joinerStep(state: JoinerState, frame: Parsed<HubMessage>, ctx: JoinerContext): Step<JoinerState, JoinerAction> {
  if (state.phase === 'closed') return { state, actions: [] };
  if (!frame.ok) return refuse(JOIN_CLOSE_CODES.failed, { kind: 'refused', reason: frame.error });
  const message = frame.message;
  switch (state.phase) {
    case 'awaiting-challenge': {
      if (message.type !== 'join-challenge')
        return refuse(JOIN_CLOSE_CODES.failed, { kind: 'refused', reason: `it sent "${message.type}" first` });
      const exchange: Exchange = { port: ctx.port, pageNonce: state.nonce, serverNonce: message.nonce };
      if (!ctx.crypto.isValidProof(message.proof, ctx.token, 'hub', exchange)) {
        return refuse(JOIN_CLOSE_CODES.hubNotProved, { kind: 'other-token' });
      }
      return {
        state: { phase: 'awaiting-joined' },
        actions: [{ do: 'send', message: { type: 'join-proof', proof: ctx.crypto.proofOf(ctx.token, 'joiner', exchange), pid: ctx.pid } }]
      };
    }
    case 'awaiting-joined':
      if (message.type !== 'joined')
        return refuse(JOIN_CLOSE_CODES.failed, { kind: 'refused', reason: `it sent "${message.type}" instead of "joined"` });
      return { state: { phase: 'joined', hubPid: message.pid }, actions: [{ do: 'joined', hubPid: message.pid }] };
    case 'joined':
      if (message.type === 'mcp') return { state, actions: [{ do: 'mcp', message: message.message }] };
      if (message.type === 'leaving')
        return {
          state,
          actions: [
            { do: 'leaving', leaving: message },
            { do: 'send', message: { type: 'left' } }
          ]
        };
      return refuse(JOIN_CLOSE_CODES.failed, { kind: 'refused', reason: `it sent "${message.type}" after the join` });
  }
}

function refuse(code: number, refusal: JoinRefusal): Step<JoinerState, JoinerAction> {
  const reason = refusal.kind === 'other-token' ? 'the server holding the port could not prove the pairing token' : refusal.reason;
  return {
    state: { phase: 'closed' },
    actions: [
      { do: 'refused', refusal },
      { do: 'close', code, reason }
    ]
  };
}
