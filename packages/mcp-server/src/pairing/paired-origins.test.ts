import { describe, expect, it, vi } from 'vitest';
import { PAIRED_ORIGINS_CACHE_MS, PairedOrigins } from './paired-origins.js';

describe('paired origins', () => {
  it('reads the file again after a second, not for every upgrade, and knows only the origins in it', async () => {
    let reads = 0;
    let file: Record<string, string> = { 'https://hub.example.org': 'a'.repeat(64) };
    let now = 0;
    const origins = new PairedOrigins(
      async () => {
        reads++;
        return file;
      },
      () => now
    );
    expect(await origins.tokenOf('https://hub.example.org')).toBe('a'.repeat(64));
    expect(await origins.tokenOf('https://other.example.org')).toBeUndefined();
    expect(await origins.tokenOf('constructor')).toBeUndefined();
    expect(reads).toBe(1);
    file = { 'https://hub.example.org': 'b'.repeat(64) };
    now += PAIRED_ORIGINS_CACHE_MS;
    expect(await origins.tokenOf('https://hub.example.org')).toBe('b'.repeat(64));
    expect(reads).toBe(2);
    expect(await origins.origins()).toEqual(['https://hub.example.org']);
  });

  it('keeps a read for a second to the millisecond, whenever the clock starts', async () => {
    let reads = 0;
    // performance.now() counts from the process start: a server up for two hours.
    let now = 7_200_000;
    const origins = new PairedOrigins(
      async () => {
        reads++;
        return {};
      },
      () => now
    );
    await origins.origins();
    now += PAIRED_ORIGINS_CACHE_MS - 1;
    await origins.origins();
    expect(reads).toBe(1);
    now += 1;
    await origins.origins();
    expect(reads).toBe(2);
  });

  it('reads the real clock when given none', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      let reads = 0;
      const origins = new PairedOrigins(async () => {
        reads++;
        return {};
      });
      await origins.origins();
      await origins.origins();
      expect(reads).toBe(1);
      vi.advanceTimersByTime(PAIRED_ORIGINS_CACHE_MS);
      await origins.origins();
      expect(reads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a read that failed to the page that waited for it, and reads again a second later', async () => {
    let now = 0;
    let fail = false;
    const origins = new PairedOrigins(
      async () => {
        if (fail) throw new Error('config.json is damaged');
        return { 'https://hub.example.org': 'a'.repeat(64) };
      },
      () => now
    );
    await origins.tokenOf('https://hub.example.org');
    fail = true;
    now += PAIRED_ORIGINS_CACHE_MS;
    await expect(origins.tokenOf('https://hub.example.org')).rejects.toThrow('damaged');
    fail = false;
    now += PAIRED_ORIGINS_CACHE_MS;
    expect(await origins.origins()).toEqual(['https://hub.example.org']);
  });
});
