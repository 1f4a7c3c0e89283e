/**
 * Which connected page a call goes to. For now the current page is the one that
 * finished its handshake last; page selection and focus come with several-page
 * support.
 */
import type { PageSession } from './page-session.js';

export class PageRouter {
  private readonly sessions = new Set<PageSession>();
  private readonly listeners = new Set<() => void>();

  /** Called when the set of pages or a page's catalogue changes. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A page finished its handshake or sent a new catalogue. */
  update(session: PageSession): void {
    this.sessions.add(session);
    this.changed();
  }

  remove(session: PageSession): void {
    if (this.sessions.delete(session)) {
      this.changed();
    }
  }

  current(): PageSession | undefined {
    let newest: PageSession | undefined;
    for (const session of this.sessions) {
      if (session.ready && (!newest || session.readyAt > newest.readyAt)) {
        newest = session;
      }
    }
    return newest;
  }

  get pageCount(): number {
    return this.sessions.size;
  }

  private changed(): void {
    for (const listener of this.listeners) {
      listener();
    }
  }
}
