import { describe, expect, it } from 'vitest';
import { collectGarbageSoon } from './heap-release.js';

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
