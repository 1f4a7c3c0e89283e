/**
 * Which connected page a call goes to (SPEC §7): the page selected with
 * select_page while it is connected, else the most recently focused page, else
 * the most recently connected. The selection belongs to the MCP session that
 * made it (over --http each agent has its own), so it is passed in. A page keeps
 * its id across reconnects (per browser tab), so a selection survives a
 * reconnect; of several sockets with one page id, the newest speaks for the page.
 */
import type { PageSession } from './page-session.js';

export class PageRouter {
  private readonly sessions = new Set<PageSession>();
  private readonly listeners = new Set<() => void>();

  /** Called when pages come and go, change their catalogue or their focus. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A page finished its handshake, sent a new catalogue or changed focus. */
  update(session: PageSession): void {
    this.sessions.add(session);
    this.changed();
  }

  remove(session: PageSession): void {
    if (this.sessions.delete(session)) {
      this.changed();
    }
  }

  /** The connected pages, one per page id. */
  pages(): PageSession[] {
    const byId = new Map<string, PageSession>();
    for (const session of this.sessions) {
      const id = session.identity?.pageId;
      const known = id === undefined ? undefined : byId.get(id);
      if (id !== undefined && session.ready && (!known || session.readyAt > known.readyAt)) {
        byId.set(id, session);
      }
    }
    return [...byId.values()];
  }

  current(selectedPageId?: string): PageSession | undefined {
    const pages = this.pages();
    const selected = pages.find((page) => page.identity?.pageId === selectedPageId);
    if (selected) {
      return selected;
    }
    const newest = (key: 'focusedAt' | 'readyAt') =>
      pages.reduce<PageSession | undefined>((best, page) => (page[key] > (best?.[key] ?? 0) ? page : best), undefined);
    return newest('focusedAt') ?? newest('readyAt');
  }

  isConnected(pageId: string): boolean {
    return this.pages().some((page) => page.identity?.pageId === pageId);
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
