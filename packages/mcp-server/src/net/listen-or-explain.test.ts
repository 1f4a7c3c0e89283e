import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, listenOrExplain, type ListenAdvice } from './listen-or-explain.js';

const servers: Server[] = [];
const server = () => {
  const created = createServer();
  servers.push(created);
  return created;
};

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const advice: ListenAdvice = { busy: (holder) => `busy: held by ${holder}`, failed: (message) => `failed: ${message}` };

describe('listenOrExplain', () => {
  it('listens, and leaves later errors to the endpoint', async () => {
    const listening = server();
    await listenOrExplain(listening, '127.0.0.1', 0, advice);
    expect(listening.listening).toBe(true);
    expect(listening.listenerCount('error')).toBe(0);
  });

  it("names what holds a busy port in the endpoint's words", async () => {
    const holder = server();
    await listen(holder, '127.0.0.1', 0);
    const { port } = holder.address() as AddressInfo;
    const refused = listenOrExplain(server(), '127.0.0.1', port, advice);
    const named = process.platform === 'linux' ? new RegExp(`^busy: held by \\S+ \\(pid ${process.pid}: .*\\)$`) : /^busy: held by /;
    await expect(refused).rejects.toThrow(named);
  });

  it('passes any other refusal on with its reason', async () => {
    // TEST-NET-1: an address no machine here has.
    await expect(listenOrExplain(server(), '192.0.2.1', 0, advice)).rejects.toThrow(/^failed: listen EADDRNOTAVAIL/);
  });
});
