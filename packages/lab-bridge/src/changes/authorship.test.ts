import { describe, expect, it } from 'vitest';
import { Authorship } from './authorship.js';

describe('Authorship', () => {
  it('gives a change made in a step run by an agent to that agent, and any other to the person', () => {
    const authors = new Authorship();
    expect(authors.authorOf('a.ipynb')).toBeUndefined();
    expect(authors.by('agent-1', () => authors.authorOf('a.ipynb'))).toBe('agent-1');
    expect(authors.by('agent-1', () => authors.by('agent-2', () => authors.now()))).toBe('agent-2');
    expect(authors.authorOf('a.ipynb')).toBeUndefined();
  });

  it('ends the step even when it throws', () => {
    const authors = new Authorship();
    expect(() =>
      authors.by('agent-1', () => {
        throw new Error('boom');
      })
    ).toThrow('boom');
    expect(authors.now()).toBeUndefined();
  });

  it("gives what a notebook hears of during a claiming call to the call's agent, on that notebook only, until it ends", async () => {
    const authors = new Authorship();
    let release!: () => void;
    const saving = authors.claim('a.ipynb', 'agent-1', () => new Promise<void>((resolve) => (release = resolve)));
    expect(authors.authorOf('a.ipynb')).toBe('agent-1');
    expect(authors.authorOf('b.ipynb')).toBeUndefined();
    const other = authors.claim('a.ipynb', 'agent-2', async () => authors.authorOf('a.ipynb'));
    expect(await other).toBe('agent-2');
    expect(authors.authorOf('a.ipynb')).toBe('agent-1');
    release();
    await saving;
    expect(authors.authorOf('a.ipynb')).toBeUndefined();
  });

  it('releases a claim whose work fails', async () => {
    const authors = new Authorship();
    await expect(authors.claim('a.ipynb', 'agent-1', () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(authors.authorOf('a.ipynb')).toBeUndefined();
  });
});
