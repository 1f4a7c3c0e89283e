/**
 * The part a stdio server plays, event by event: from the start to hosting,
 * joined, blocked, and the takeover when the hub goes.
 */
import { describe, expect, it } from 'vitest';
import { BLOCKED_RETRY_MS, JOIN_START, joinStep, type JoinEvent, type JoinState } from './join-state.js';

function after(events: JoinEvent[]): ReturnType<typeof joinStep> {
  let last = JOIN_START;
  for (const event of events) last = joinStep(last.state, event);
  return last;
}

describe('joinStep', () => {
  it('starts by listening, and hosts when the port was free', () => {
    expect(JOIN_START.actions).toEqual([{ do: 'listen' }]);
    expect(after([{ kind: 'listened' }])).toEqual({ state: { phase: 'hosting' }, actions: [{ do: 'serve-here' }] });
  });

  it('joins the holder of a busy port, and relays once joined', () => {
    expect(after([{ kind: 'port-busy' }]).actions).toEqual([{ do: 'join' }]);
    expect(after([{ kind: 'port-busy' }, { kind: 'joined', hubPid: 7 }])).toEqual({
      state: { phase: 'joined', hubPid: 7 },
      actions: [{ do: 'relay' }]
    });
  });

  it('takes the port over when the hub hands over, with its pages expected back and the selection kept', () => {
    const step = after([
      { kind: 'port-busy' },
      { kind: 'joined', hubPid: 7 },
      { kind: 'hub-lost', leaving: { type: 'leaving', pages: 2, selectedPageId: 'tab-1' } }
    ]);
    expect(step.actions).toEqual([{ do: 'hold' }, { do: 'listen' }]);
    expect(joinStep(step.state, { kind: 'listened' }).actions).toEqual([
      { do: 'serve-here', handover: { pagesExpected: true, selectedPageId: 'tab-1' } }
    ]);
  });

  it('expects no page back from a hub that had none, and some from one that died without a word', () => {
    const joined = after([{ kind: 'port-busy' }, { kind: 'joined', hubPid: 7 }]).state;
    const handed = joinStep(joined, { kind: 'hub-lost', leaving: { type: 'leaving', pages: 0 } }).state;
    expect(joinStep(handed, { kind: 'listened' }).actions).toEqual([{ do: 'serve-here', handover: { pagesExpected: false } }]);
    const died = joinStep(joined, { kind: 'hub-lost' }).state;
    expect(joinStep(died, { kind: 'listened' }).actions).toEqual([{ do: 'serve-here', handover: { pagesExpected: true } }]);
  });

  it('joins whoever won the race for the port, keeping the handover', () => {
    const lost = after([{ kind: 'port-busy' }, { kind: 'joined', hubPid: 7 }, { kind: 'hub-lost' }, { kind: 'port-busy' }]);
    expect(lost.state).toEqual({ phase: 'joining', handover: { pagesExpected: true } });
    expect(joinStep(lost.state, { kind: 'joined', hubPid: 8 }).actions).toEqual([{ do: 'relay' }]);
  });

  it('tries the port again at once when the holder left between the listen and the join', () => {
    const step = after([{ kind: 'port-busy' }, { kind: 'join-failed', refusal: { kind: 'gone' } }]);
    expect(step.state.phase).toBe('listening');
    expect(step.actions).toEqual([{ do: 'retry-in', ms: expect.any(Number) }]);
    expect(joinStep(step.state, { kind: 'retry' }).actions).toEqual([{ do: 'listen' }]);
  });

  it.each([
    [{ kind: 'other-token' } as const, { kind: 'other-token' }],
    [{ kind: 'refused', reason: 'it answered HTTP 200' } as const, { kind: 'not-joinable', reason: 'it answered HTTP 200' }]
  ])('is blocked, answering every call, when the holder cannot be joined (%j), and tries again', (refusal, blocked) => {
    const step = after([{ kind: 'port-busy' }, { kind: 'join-failed', refusal }]);
    expect(step).toEqual({
      state: { phase: 'blocked', blocked },
      actions: [
        { do: 'refuse', blocked },
        { do: 'retry-in', ms: BLOCKED_RETRY_MS }
      ]
    });
    expect(joinStep(step.state, { kind: 'retry' })).toEqual({ state: { phase: 'listening' }, actions: [{ do: 'listen' }] });
  });

  it('is blocked when the port cannot be listened on at all', () => {
    expect(after([{ kind: 'listen-failed', message: 'EADDRNOTAVAIL' }]).actions[0]).toEqual({
      do: 'refuse',
      blocked: { kind: 'cannot-listen', message: 'EADDRNOTAVAIL' }
    });
  });

  it('ignores events that do not belong to a state', () => {
    const hosting: JoinState = { phase: 'hosting' };
    for (const event of [{ kind: 'port-busy' }, { kind: 'hub-lost' }, { kind: 'retry' }] as JoinEvent[]) {
      expect(joinStep(hosting, event)).toEqual({ state: hosting, actions: [] });
    }
  });
});
