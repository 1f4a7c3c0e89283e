import { describe, expect, it } from 'vitest';
import { MISMATCH_LOG_INTERVAL_MS, TokenMismatches, mismatchSource } from './token-mismatches.js';

describe('TokenMismatches', () => {
  it('logs an origin once a minute, then says how many refusals the log left out', () => {
    let now = 0;
    const mismatches = new TokenMismatches(() => now);
    expect(mismatches.refused('http://127.0.0.1:8888')).toEqual({ log: true, leftOut: 0 });
    for (let retry = 0; retry < 30; retry++) {
      now += 1_500;
      expect(mismatches.refused('http://127.0.0.1:8888').log).toBe(false);
    }
    // Another origin has a minute of its own.
    expect(mismatches.refused('http://localhost:8888')).toEqual({ log: true, leftOut: 0 });
    now = MISMATCH_LOG_INTERVAL_MS;
    expect(mismatches.refused('http://127.0.0.1:8888')).toEqual({ log: true, leftOut: 30 });
  });

  it('keeps the latest refusal for a minute, and forgets an origin once a page of it pairs', () => {
    let now = 0;
    const mismatches = new TokenMismatches(() => now);
    expect(mismatches.recent()).toBeUndefined();
    mismatches.refused('http://127.0.0.1:8888');
    now = MISMATCH_LOG_INTERVAL_MS - 1;
    expect(mismatches.recent()).toBe('http://127.0.0.1:8888');
    now = MISMATCH_LOG_INTERVAL_MS;
    expect(mismatches.recent()).toBeUndefined();
    mismatches.refused('http://127.0.0.1:8888');
    mismatches.paired('http://127.0.0.1:8888');
    expect(mismatches.recent()).toBeUndefined();
    expect(mismatches.refused('http://127.0.0.1:8888')).toEqual({ log: true, leftOut: 0 });
  });

  it('remembers a bounded number of origins: a stranger with many gets the oldest forgotten', () => {
    const mismatches = new TokenMismatches(() => 0);
    for (let port = 1; port <= 1000; port++) {
      mismatches.refused(`http://127.0.0.1:${port}`);
    }
    // The first was forgotten, so it is logged again; the latest is still within its minute.
    expect(mismatches.refused('http://127.0.0.1:1').log).toBe(true);
    expect(mismatches.refused('http://127.0.0.1:1000').log).toBe(false);
  });

  it('names where a page came from, its Origin escaped', () => {
    expect(mismatchSource('http://127.0.0.1:8888')).toBe('from http://127.0.0.1:8888');
    expect(mismatchSource('http://x\n')).toBe('from http://x\\u000a');
    expect(mismatchSource('')).toBe('without an Origin header');
  });
});
