import { describe, expect, it } from 'vitest';
import { sessionToGiveWay, type SessionUse } from './session-room.js';

const sessions = (entries: [string, SessionUse][]) => new Map(entries);

describe('sessionToGiveWay', () => {
  it('picks the session idle longest among those with nothing open', () => {
    expect(
      sessionToGiveWay(
        sessions([
          ['streaming', { open: 1, lastActive: 1 }],
          ['idle-later', { open: 0, lastActive: 30 }],
          ['idle-first', { open: 0, lastActive: 20 }],
          ['calling', { open: 2, lastActive: 5 }]
        ])
      )
    ).toBe('idle-first');
  });

  it('picks the session idle longest whatever the order, the older of two idle since the same moment', () => {
    expect(
      sessionToGiveWay(
        sessions([
          ['idle-first', { open: 0, lastActive: 20 }],
          ['idle-later', { open: 0, lastActive: 30 }]
        ])
      )
    ).toBe('idle-first');
    expect(
      sessionToGiveWay(
        sessions([
          ['older', { open: 0, lastActive: 20 }],
          ['newer', { open: 0, lastActive: 20 }]
        ])
      )
    ).toBe('older');
  });

  it('picks none while every session has a stream open or a call in flight', () => {
    expect(
      sessionToGiveWay(
        sessions([
          ['a', { open: 1, lastActive: 1 }],
          ['b', { open: 3, lastActive: 2 }]
        ])
      )
    ).toBeUndefined();
    expect(sessionToGiveWay(sessions([]))).toBeUndefined();
  });
});
