import { describe, expect, it } from 'vitest';
import { createLogger, guarded } from './log.js';

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
