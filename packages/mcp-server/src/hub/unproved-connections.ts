/**
 * The endpoint's connections that have proved no token yet: TCP sockets before
 * their request, WebSockets before the page's proof. Anyone on the machine can
 * open them, so they are capped; at the cap the oldest gives way to the
 * newcomer. Silent sockets then hold no more than the cap, and cannot lock out a
 * page, which proves the token within moments of connecting. A proved page
 * leaves the count. Until then a WebSocket may also receive only a few kB
 * (protocol's MAX_HANDSHAKE_BYTES): the message limit of a proved page (64 MiB)
 * is not for strangers.
 */

/** What this needs of a socket. */
export interface Connection {
  once(event: 'close', listener: () => void): unknown;
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  off(event: 'data', listener: (chunk: Buffer) => void): unknown;
  destroy(): void;
}

/** Enough for many pages connecting at once (each proves the token within a second on loopback). */
export const MAX_UNPROVED_CONNECTIONS = 64;

export class UnprovedConnections {
  /** In order of arrival: a Set iterates in insertion order. */
  private readonly waiting = new Set<Connection>();
  private readonly stopCounting = new Map<Connection, () => void>();

  constructor(
    private readonly max: number,
    /** Called with each connection dropped to make room. */
    private readonly onDropped: () => void = () => {}
  ) {}

  get count(): number {
    return this.waiting.size;
  }

  admit(connection: Connection): void {
    this.waiting.add(connection);
    connection.once('close', () => this.proved(connection));
    for (const oldest of this.waiting) {
      if (this.waiting.size <= this.max) {
        break;
      }
      this.waiting.delete(oldest);
      oldest.destroy();
      this.onDropped();
    }
  }

  /**
   * The connection became a WebSocket: from now until it proves a token, what it
   * receives past `maxBytes` destroys it, after `onOver` (a log line).
   */
  upgraded(connection: Connection, maxBytes: number, onOver: () => void): void {
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        this.proved(connection);
        onOver();
        connection.destroy();
      }
    };
    connection.on('data', count);
    this.stopCounting.set(connection, () => connection.off('data', count));
  }

  /** The connection proved a token: it no longer counts, and may send as much as any page. */
  proved(connection: Connection): void {
    this.waiting.delete(connection);
    this.stopCounting.get(connection)?.();
    this.stopCounting.delete(connection);
  }
}
