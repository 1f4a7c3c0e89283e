import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { UnprovedConnections } from './unproved-connections.js';

class FakeConnection extends EventEmitter {
  destroyed = false;
  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }
}

describe('UnprovedConnections', () => {
  it('drops the oldest waiting connection when a newcomer goes over the cap', () => {
    let dropped = 0;
    const connections = new UnprovedConnections(2, () => dropped++);
    const [a, b, c] = [new FakeConnection(), new FakeConnection(), new FakeConnection()];
    connections.admit(a);
    connections.admit(b);
    connections.admit(c);
    expect([a.destroyed, b.destroyed, c.destroyed]).toEqual([true, false, false]);
    expect({ count: connections.count, dropped }).toEqual({ count: 2, dropped: 1 });
  });

  it('forgets connections that closed or proved a token: they take no place', () => {
    const connections = new UnprovedConnections(1);
    const [proved, closed, next] = [new FakeConnection(), new FakeConnection(), new FakeConnection()];
    connections.admit(proved);
    connections.proved(proved);
    connections.admit(closed);
    closed.emit('close');
    connections.admit(next);
    expect([proved.destroyed, next.destroyed]).toEqual([false, false]);
    expect(connections.count).toBe(1);
  });

  it('destroys a WebSocket that receives more than its bytes before it proves a token, and counts no more after', () => {
    const connections = new UnprovedConnections(4);
    const [greedy, page] = [new FakeConnection(), new FakeConnection()];
    const over: string[] = [];
    for (const [name, connection] of [
      ['greedy', greedy],
      ['page', page]
    ] as const) {
      connections.admit(connection);
      connections.upgraded(connection, 10, () => over.push(name));
    }
    greedy.emit('data', Buffer.alloc(6));
    greedy.emit('data', Buffer.alloc(5));
    page.emit('data', Buffer.alloc(10));
    connections.proved(page);
    page.emit('data', Buffer.alloc(1000));
    expect({ over, greedy: greedy.destroyed, page: page.destroyed, count: connections.count }).toEqual({
      over: ['greedy'],
      greedy: true,
      page: false,
      count: 0
    });
  });
});
