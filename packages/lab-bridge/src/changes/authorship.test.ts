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

  it("keeps an agent's claim while another call of the same agent, or another agent's, ends first", async () => {
    const authors = new Authorship();
    let endFirst!: () => void;
    let endSecond!: () => void;
    const first = authors.claim('a.ipynb', 'agent-1', () => new Promise<void>((resolve) => (endFirst = resolve)));
    const second = authors.claim('a.ipynb', 'agent-1', () => new Promise<void>((resolve) => (endSecond = resolve)));
    endFirst();
    await first;
    expect(authors.authorOf('a.ipynb')).toBe('agent-1');
    endSecond();
    await second;
    expect(authors.authorOf('a.ipynb')).toBeUndefined();

    let endOne!: () => void;
    let endTwo!: () => void;
    const one = authors.claim('a.ipynb', 'agent-1', () => new Promise<void>((resolve) => (endOne = resolve)));
    const two = authors.claim('a.ipynb', 'agent-2', () => new Promise<void>((resolve) => (endTwo = resolve)));
    endOne();
    await one;
    expect(authors.authorOf('a.ipynb')).toBe('agent-2');
    endTwo();
    await two;
    expect(authors.authorOf('a.ipynb')).toBeUndefined();
  });

  it("leaves an agent's claim in force through a call that has no agent", async () => {
    const authors = new Authorship();
    let release!: () => void;
    const saving = authors.claim('a.ipynb', 'agent-1', () => new Promise<void>((resolve) => (release = resolve)));
    expect(await authors.claim('a.ipynb', undefined, async () => authors.authorOf('a.ipynb'))).toBe('agent-1');
    expect(authors.authorOf('a.ipynb')).toBe('agent-1');
    release();
    await saving;
  });
});
