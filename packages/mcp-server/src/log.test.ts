import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, guarded, rateLimited } from './log.js';

describe('guarded', () => {
  it('logs what the handler throws, cleans up after it, and returns normally', () => {
    const lines: string[] = [];
    const cleaned: number[] = [];
    const handler = guarded(
      createLogger('error', (line) => lines.push(line)),
      'the test handler',
      (n: number) => {
        if (n > 1) throw new RangeError('Maximum call stack size exceeded');
      },
      (n) => cleaned.push(n)
    );
    handler(1);
    expect(() => handler(2)).not.toThrow();
    expect(lines).toEqual(['[jupyter-live-mcp] error: the test handler failed: Maximum call stack size exceeded\n']);
    expect(cleaned).toEqual([2]);
  });
});

describe('rateLimited', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes at most so many lines a second, then says how many it left out', () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    let now = 0;
    const log = rateLimited(
      createLogger('debug', (line) => lines.push(line.trim())),
      2,
      () => 'page p',
      () => now
    );
    log.warn('a');
    log.info('b');
    log.debug('c');
    log.error('d');
    expect(lines).toEqual(['[jupyter-live-mcp] warn: a', '[jupyter-live-mcp] info: b']);
    now = 1000;
    vi.advanceTimersByTime(1000);
    expect(lines.slice(2)).toEqual(['[jupyter-live-mcp] warn: left out 2 more log lines about page p (at most 2 a second)']);
    log.info('e');
    expect(lines.at(-1)).toBe('[jupyter-live-mcp] info: e');
    vi.advanceTimersByTime(5000);
    expect(lines).toHaveLength(4);
  });
});
