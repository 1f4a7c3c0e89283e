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

describe('the join channel, a message out of turn', () => {
  const token = newToken();
  const hubFrame = (message: object) => parseJoinerMessage(JSON.stringify(message));
  const joinerFrame = (message: object) => parseHubMessage(JSON.stringify(message));
  const mcpMessage = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
  const failed = (reason: unknown) => ({ state: { phase: 'closed' }, actions: [{ do: 'close', code: JOIN_CLOSE_CODES.failed, reason }] });

  it('closes the hub side, naming what was expected and what came', () => {
    const awaitingProof: HubJoinState = {
      phase: 'awaiting-proof',
      exchange: { port: PORT, pageNonce: PAIRING_CRYPTO.nonce(), serverNonce: PAIRING_CRYPTO.nonce() }
    };
    expect(hubJoinStep({ phase: 'awaiting-join' }, hubFrame({ type: 'left' }), hubCtx(token))).toEqual(
      failed('expected "join", got "left"')
    );
    expect(hubJoinStep(awaitingProof, hubFrame({ type: 'mcp', message: mcpMessage }), hubCtx(token))).toEqual(
      failed('expected "join-proof", got "mcp"')
    );
    expect(hubJoinStep(awaitingProof, hubFrame({ type: 'join-proof', proof: 'f'.repeat(64), pid: 3 }), hubCtx(token))).toEqual({
      state: { phase: 'closed' },
      actions: [{ do: 'close', code: JOIN_CLOSE_CODES.notProved, reason: 'the joining server could not prove the pairing token' }]
    });
    const joined: HubJoinState = { phase: 'joined', pid: 200 };
    expect(
      hubJoinStep(joined, hubFrame({ type: 'join', protocol: JOIN_PROTOCOL_VERSION, nonce: PAIRING_CRYPTO.nonce() }), hubCtx(token))
    ).toEqual(failed('"join" arrived after the join'));
    expect(hubJoinStep({ phase: 'awaiting-join' }, parseJoinerMessage('{'), hubCtx(token))).toEqual(
      failed(expect.stringMatching(/^message is not JSON: /))
    );
  });

  it('on the hub side after the join, carries MCP messages and the joiner leaving; a closed hub does nothing more', () => {
    const joined: HubJoinState = { phase: 'joined', pid: 200 };
    expect(hubJoinStep(joined, hubFrame({ type: 'mcp', message: mcpMessage }), hubCtx(token))).toEqual({
      state: joined,
      actions: [{ do: 'mcp', message: mcpMessage }]
    });
    expect(hubJoinStep(joined, hubFrame({ type: 'left' }), hubCtx(token))).toEqual({ state: joined, actions: [{ do: 'left' }] });
    for (const frame of [hubFrame({ type: 'left' }), parseJoinerMessage('{')]) {
      expect(hubJoinStep({ phase: 'closed' }, frame, hubCtx(token))).toEqual({ state: { phase: 'closed' }, actions: [] });
    }
  });

  it('refuses on the joiner side, saying why, and a closed joiner does nothing more', () => {
    const refused = (reason: string) => ({
      state: { phase: 'closed' },
      actions: [
        { do: 'refused', refusal: { kind: 'refused', reason } },
        { do: 'close', code: JOIN_CLOSE_CODES.failed, reason }
      ]
    });
    const leaving = { type: 'leaving', pages: 0 };
    const start: JoinerState = { phase: 'awaiting-challenge', nonce: PAIRING_CRYPTO.nonce() };
    expect(joinerStep(start, joinerFrame(leaving), joinerCtx(token))).toEqual(refused('it sent "leaving" first'));
    expect(joinerStep({ phase: 'awaiting-joined' }, joinerFrame(leaving), joinerCtx(token))).toEqual(
      refused('it sent "leaving" instead of "joined"')
    );
    expect(
      joinerStep({ phase: 'joined', hubPid: 1 }, joinerFrame({ type: 'joined', serverVersion: '1', pid: 2 }), joinerCtx(token))
    ).toEqual(refused('it sent "joined" after the join'));
    const bad = parseHubMessage('{"type":"joined"}');
    expect(bad.ok).toBe(false);
    expect(joinerStep(start, bad, joinerCtx(token))).toEqual(refused(bad.ok ? '' : bad.error));
    expect(bad).toEqual({ ok: false, error: expect.stringMatching(/^malformed join-channel message: \S/) });
    for (const frame of [joinerFrame(leaving), bad]) {
      expect(joinerStep({ phase: 'closed' }, frame, joinerCtx(token))).toEqual({ state: { phase: 'closed' }, actions: [] });
    }
  });

  it('tells the joiner a hub of another token by its own reason', () => {
    const start: JoinerState = { phase: 'awaiting-challenge', nonce: PAIRING_CRYPTO.nonce() };
    const challenge = { type: 'join-challenge', nonce: PAIRING_CRYPTO.nonce(), proof: 'f'.repeat(64) };
    expect(joinerStep(start, joinerFrame(challenge), joinerCtx(token))).toEqual({
      state: { phase: 'closed' },
      actions: [
        { do: 'refused', refusal: { kind: 'other-token' } },
        { do: 'close', code: JOIN_CLOSE_CODES.hubNotProved, reason: 'the server holding the port could not prove the pairing token' }
      ]
    });
  });
});
