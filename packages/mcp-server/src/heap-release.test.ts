import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectGarbageSoon, keepHeapSmall } from './heap-release.js';

describe('collectGarbageSoon', () => {
  it('has V8 collect what nothing refers to any more, without a global gc', async () => {
    let garbage: object | undefined = { big: 'x'.repeat(1 << 20) };
    const watched = new WeakRef(garbage);
    garbage = undefined;
    await new Promise((resolve) => setTimeout(resolve, 0));
    const collected = collectGarbageSoon();
    // One collection at a time.
    expect(collectGarbageSoon()).toBe(collected);
    await collected;
    expect(watched.deref()).toBeUndefined();
    expect('gc' in globalThis).toBe(false);
  });
});

describe('keepHeapSmall', () => {
  it('keeps the young generation from growing however much is allocated', () => {
    const youngBytes = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;
    keepHeapSmall();
    const before = youngBytes();
    let kept: object[] = [];
    for (let i = 0; i < 300_000; i++) {
      kept.push({ i, text: `x${i}` });
      if (kept.length > 5000) {
        kept = [];
      }
    }
    expect(youngBytes()).toBeLessThanOrEqual(Math.max(before, 2 * 1024 * 1024));
  });
});
