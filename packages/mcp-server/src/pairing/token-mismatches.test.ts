import { describe, expect, it } from 'vitest';
import { MISMATCH_LOG_INTERVAL_MS, TokenMismatches, mismatchFix, mismatchSource } from './token-mismatches.js';

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

  it('counts its minutes from whenever the clock starts, to the millisecond', () => {
    // performance.now() counts from the process start: a server up for an hour.
    let now = 3_600_000;
    const mismatches = new TokenMismatches(() => now);
    expect(mismatches.refused('http://127.0.0.1:8888')).toEqual({ log: true, leftOut: 0 });
    now += MISMATCH_LOG_INTERVAL_MS - 1;
    expect(mismatches.refused('http://127.0.0.1:8888')).toEqual({ log: false, leftOut: 0 });
    expect(mismatches.recent()).toBe('http://127.0.0.1:8888');
    now += MISMATCH_LOG_INTERVAL_MS - 1;
    expect(mismatches.recent()).toBe('http://127.0.0.1:8888');
    now += 1;
    expect(mismatches.recent()).toBeUndefined();
    now -= MISMATCH_LOG_INTERVAL_MS - 1;
    expect(mismatches.refused('http://127.0.0.1:8888')).toEqual({ log: true, leftOut: 1 });
  });

  it('keeps the latest refusal when a page of another origin pairs, and pairs before any refusal', () => {
    const mismatches = new TokenMismatches(() => 0);
    mismatches.paired('http://localhost:8888');
    expect(mismatches.recent()).toBeUndefined();
    mismatches.refused('http://127.0.0.1:8888');
    mismatches.paired('http://localhost:8888');
    expect(mismatches.recent()).toBe('http://127.0.0.1:8888');
  });

  it('tells the latest refusal by the real clock when given none', () => {
    const mismatches = new TokenMismatches();
    mismatches.refused('http://127.0.0.1:8888');
    expect(mismatches.recent()).toBe('http://127.0.0.1:8888');
  });

  it('remembers the 64 origins refused last', () => {
    const mismatches = new TokenMismatches(() => 0);
    for (let port = 1; port <= 64; port++) {
      mismatches.refused(`http://127.0.0.1:${port}`);
    }
    expect(mismatches.refused('http://127.0.0.1:1').log).toBe(false);
    mismatches.refused('http://127.0.0.1:65');
    expect(mismatches.refused('http://127.0.0.1:2').log).toBe(false);
    expect(mismatches.refused('http://127.0.0.1:1').log).toBe(true);
  });

  it('says how to fix a page of the wrong token, and of a lite page of another run', () => {
    expect(mismatchFix(false)).toBe(
      'put what "jupyter-live-mcp token" prints into the bridge\'s setting Settings → Agent bridge → Pairing token, ' +
        'or run "jupyter-live-mcp install", then reload the page'
    );
    expect(mismatchFix(true)).toBe(
      'it is a lite page of another run (another config folder?): close that tab and open the URL this run printed'
    );
  });

  it('names where a page came from, its Origin escaped', () => {
    expect(mismatchSource('http://127.0.0.1:8888')).toBe('from http://127.0.0.1:8888');
    expect(mismatchSource('http://x\n')).toBe('from http://x\\u000a');
    expect(mismatchSource('')).toBe('without an Origin header');
  });
});
