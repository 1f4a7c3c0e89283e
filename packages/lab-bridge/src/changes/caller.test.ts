import { describe, expect, it } from 'vitest';
import { IN_PAGE_CALLER, serverCaller } from './caller.js';

describe('serverCaller', () => {
  it('keeps apart the agents of one server, the same agent id on two servers, and calls made in the page', () => {
    const keys = [
      serverCaller('ws://127.0.0.1:8765', { id: 'a1b2c3' }),
      serverCaller('ws://127.0.0.1:8765', { id: 'd4e5f6' }),
      serverCaller('ws://127.0.0.1:8766', { id: 'a1b2c3' }),
      serverCaller('ws://127.0.0.1:8765', undefined),
      IN_PAGE_CALLER
    ].map((caller) => caller.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(serverCaller('ws://x', { id: 'a1b2c3' }).key).toBe(serverCaller('ws://x', { id: 'a1b2c3', client: 'claude-code' }).key);
  });

  it("labels an agent by its client's name and the start of its id, and an older server's calls by the server", () => {
    expect(serverCaller('ws://x', { id: 'a1b2c3', client: 'claude-code' }).label).toBe('claude-code (a1b2)');
    expect(serverCaller('ws://x', { id: 'a1b2c3' }).label).toBe('agent (a1b2)');
    expect(serverCaller('ws://127.0.0.1:8765', undefined).label).toBe('agent of ws://127.0.0.1:8765');
  });
});
