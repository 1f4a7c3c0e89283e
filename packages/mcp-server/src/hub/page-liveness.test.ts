import { describe, expect, it } from 'vitest';
import { PageLiveness } from './page-liveness.js';

describe('PageLiveness', () => {
  it('judges a page that never said alive by pings alone: always working, never silent', () => {
    let now = 0;
    const liveness = new PageLiveness(30_000, () => now);
    now = 600_000;
    expect(liveness.answersHeartbeats).toBe(false);
    expect(liveness.working).toBe(true);
    expect(liveness.silentSeconds()).toBeUndefined();
  });

  it('counts a page that answers as working for a few seconds after each alive, and unresponsive after a period and a probe', () => {
    let now = 1_000;
    const liveness = new PageLiveness(10_000, () => now);
    liveness.alive();
    now += 4_000;
    expect(liveness.working).toBe(true);
    now += 1_000;
    expect(liveness.working).toBe(false);
    expect(liveness.silentSeconds()).toBeUndefined();
    now += 5_001;
    expect(liveness.silentSeconds()).toBeUndefined();
    now += 2_000;
    expect(liveness.silentSeconds()).toBe(12);
    liveness.alive();
    expect(liveness.working).toBe(true);
    expect(liveness.silentSeconds()).toBeUndefined();
  });

  it('draws each line to the millisecond: working until two probes and half a second, silent after a period and a probe', () => {
    let now = 50_000;
    const liveness = new PageLiveness(10_000, () => now);
    liveness.alive();
    expect(liveness.answersHeartbeats).toBe(true);
    now += 4_499;
    expect(liveness.working).toBe(true);
    now += 1;
    expect(liveness.working).toBe(false);
    now = 50_000 + 12_000;
    expect(liveness.silentSeconds()).toBeUndefined();
    now += 1;
    expect(liveness.silentSeconds()).toBe(12);
    now = 50_000 + 12_499;
    expect(liveness.silentSeconds()).toBe(12);
    now += 1;
    expect(liveness.silentSeconds()).toBe(13);
  });

  it('reads the real clock when given none', () => {
    const liveness = new PageLiveness(10_000);
    liveness.alive();
    expect(liveness.working).toBe(true);
    expect(liveness.silentSeconds()).toBeUndefined();
  });

  it('asks a page with calls in flight every 2 s, or twice a period when that is shorter', () => {
    expect(new PageLiveness(30_000).probeMs()).toBe(2_000);
    expect(new PageLiveness(1_000).probeMs()).toBe(500);
  });

  it('counts an answer as lately until a probe period after it, and never for a page that does not answer', () => {
    let now = 0;
    const liveness = new PageLiveness(10_000, () => now);
    expect(liveness.answeredLately).toBe(false);
    liveness.alive();
    now += 1_999;
    expect(liveness.answeredLately).toBe(true);
    now += 1;
    expect(liveness.answeredLately).toBe(false);
  });
});
