/**
 * The join channel's handshake, both sides run against each other without
 * sockets: the same token joins, another token or a replayed proof does not,
 * and nothing flows before the join.
 */
import { describe, expect, it } from 'vitest';
import { PAIRING_CRYPTO } from './handshake.js';
import {
  JOIN_CLOSE_CODES,
  JOIN_PROTOCOL_VERSION,
  hubJoinStep,
  joinerStart,
  joinerStep,
  parseHubMessage,
  parseJoinerMessage,
  type HubJoinContext,
  type HubJoinState,
  type JoinerAction,
  type JoinerContext,
  type JoinerState
} from './join-channel.js';
import { newToken, proofOf } from './pairing.js';

const PORT = 8767;
const hubCtx = (token: string): HubJoinContext => ({ token, port: PORT, serverVersion: '1.0.0', pid: 100, crypto: PAIRING_CRYPTO });
const joinerCtx = (token: string): JoinerContext => ({ token, port: PORT, pid: 200, crypto: PAIRING_CRYPTO });

/** Runs both sides until neither has anything to send; returns their last states and every action. */
function run(hubToken: string, joinerToken: string) {
  let hub: HubJoinState = { phase: 'awaiting-join' };
  const start = joinerStart(PAIRING_CRYPTO.nonce());
  let joiner: JoinerState = start.state;
  const joinerActions: JoinerAction[] = [...start.actions];
  const hubActions: ReturnType<typeof hubJoinStep>['actions'] = [];
  let toHub = start.actions.flatMap((a) => (a.do === 'send' ? [JSON.stringify(a.message)] : []));
  while (toHub.length) {
    const toJoiner: string[] = [];
    for (const frame of toHub) {
      const step = hubJoinStep(hub, parseJoinerMessage(frame), hubCtx(hubToken));
      hub = step.state;
      hubActions.push(...step.actions);
      toJoiner.push(...step.actions.flatMap((a) => (a.do === 'send' ? [JSON.stringify(a.message)] : [])));
    }
    toHub = [];
    for (const frame of toJoiner) {
      const step = joinerStep(joiner, parseHubMessage(frame), joinerCtx(joinerToken));
      joiner = step.state;
      joinerActions.push(...step.actions);
      toHub.push(...step.actions.flatMap((a) => (a.do === 'send' ? [JSON.stringify(a.message)] : [])));
    }
  }
  return { hub, joiner, hubActions, joinerActions };
}

describe('the join handshake', () => {
  it('joins a hub of the same token: both sides say joined, each knowing the other pid', () => {
    const token = newToken();
    const { hub, joiner, hubActions, joinerActions } = run(token, token);
    expect(hub).toEqual({ phase: 'joined', pid: 200 });
    expect(joiner).toEqual({ phase: 'joined', hubPid: 100 });
    expect(hubActions).toContainEqual({ do: 'joined', pid: 200 });
    expect(joinerActions).toContainEqual({ do: 'joined', hubPid: 100 });
  });

  it('refuses a hub of another token before proving anything to it', () => {
    const { joiner, joinerActions, hub } = run(newToken(), newToken());
    expect(joiner.phase).toBe('closed');
    expect(joinerActions).toContainEqual({ do: 'refused', refusal: { kind: 'other-token' } });
    expect(joinerActions.some((a) => a.do === 'send' && a.message.type === 'join-proof')).toBe(false);
    expect(hub.phase).toBe('awaiting-proof');
  });

  it('refuses a joiner whose proof is the hub side’s (a proof replayed as the other side’s)', () => {
    const token = newToken();
    const nonce = PAIRING_CRYPTO.nonce();
    let hub: HubJoinState = { phase: 'awaiting-join' };
    const challenge = hubJoinStep(
      hub,
      parseJoinerMessage(JSON.stringify({ type: 'join', protocol: JOIN_PROTOCOL_VERSION, nonce })),
      hubCtx(token)
    );
    hub = challenge.state;
    const sent = challenge.actions[0];
    if (sent?.do !== 'send' || sent.message.type !== 'join-challenge') throw new Error('no challenge');
    const replayed = proofOf(token, 'hub', { port: PORT, pageNonce: nonce, serverNonce: sent.message.nonce });
    const step = hubJoinStep(hub, parseJoinerMessage(JSON.stringify({ type: 'join-proof', proof: replayed, pid: 3 })), hubCtx(token));
    expect(step.state.phase).toBe('closed');
    expect(step.actions).toContainEqual(expect.objectContaining({ do: 'close', code: JOIN_CLOSE_CODES.notProved }));
  });

  it('refuses another join protocol, saying to run one version', () => {
    const step = hubJoinStep(
      { phase: 'awaiting-join' },
      parseJoinerMessage(JSON.stringify({ type: 'join', protocol: JOIN_PROTOCOL_VERSION + 1, nonce: PAIRING_CRYPTO.nonce() })),
      hubCtx(newToken())
    );
    expect(step.actions).toEqual([
      expect.objectContaining({
        do: 'close',
        code: JOIN_CLOSE_CODES.protocolMismatch,
        reason: expect.stringContaining('one jupyter-live-mcp version')
      })
    ]);
  });

  it('carries no MCP message before the join', () => {
    const step = hubJoinStep(
      { phase: 'awaiting-join' },
      parseJoinerMessage(JSON.stringify({ type: 'mcp', message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } })),
      hubCtx(newToken())
    );
    expect(step.state.phase).toBe('closed');
    expect(step.actions.some((a) => a.do === 'mcp')).toBe(false);
  });

  it('after the join, carries MCP messages; a leaving hub is answered "left"', () => {
    const joined: JoinerState = { phase: 'joined', hubPid: 1 };
    const mcp = joinerStep(
      joined,
      parseHubMessage(JSON.stringify({ type: 'mcp', message: { jsonrpc: '2.0', id: 1, result: {} } })),
      joinerCtx('x')
    );
    expect(mcp.actions).toEqual([{ do: 'mcp', message: { jsonrpc: '2.0', id: 1, result: {} } }]);
    const leaving = joinerStep(
      joined,
      parseHubMessage(JSON.stringify({ type: 'leaving', pages: 2, selectedPageId: 'p1' })),
      joinerCtx('x')
    );
    expect(leaving.actions).toEqual([
      { do: 'leaving', leaving: { type: 'leaving', pages: 2, selectedPageId: 'p1' } },
      { do: 'send', message: { type: 'left' } }
    ]);
  });

  it('says what a frame that does not parse was', () => {
    expect(parseJoinerMessage('not json')).toMatchObject({ ok: false, error: expect.stringContaining('not JSON') });
    expect(parseHubMessage(JSON.stringify({ type: 'joined' }))).toMatchObject({ ok: false });
  });
});
