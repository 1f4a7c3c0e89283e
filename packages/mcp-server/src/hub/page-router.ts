/**
 * Which connected page a call goes to (SPEC §7): the page selected with
 * select_page while it is connected, else the most recently focused page, else
 * the most recently connected. The selection belongs to the MCP session that
 * made it (over --http each agent has its own), so it is passed in. A page keeps
 * its id across reconnects (per browser tab), so a selection survives a
 * reconnect.
 *
 * Tokens do not mix. A page that proved another token than the pairing token
 * (lite's own) is named `<scope>:<its id>`, so it can never claim the id of one
 * of the person's pages, and its focus counts only while no page of the pairing
 * token is connected. A page id speaks for one socket: when a page proves the
 * same token under the id of a connected page (the tab reconnected before its
 * old socket was seen to close), the newer replaces the older, which is closed
 * saying why.
 */
import { CLOSE_CODES } from '@jupyter-live-mcp/protocol';
import { pageIdOf, type NamedPage } from './page-id.js';
import type { PageSession } from './page-session.js';

/** Whether the page proved the pairing token: the person's own pages, not those of a token of their own such as lite's. */
function isOwn(page: NamedPage): boolean {
  return page.scope === undefined;
}

function isSamePage(a: NamedPage, b: NamedPage): boolean {
  return a.scope === b.scope && a.identity?.pageId === b.identity?.pageId;
}

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
    if (!this.sessions.has(session)) {
      for (const older of this.sessions) {
        if (isSamePage(older, session)) {
          this.sessions.delete(older);
          older.close(CLOSE_CODES.pageReplaced, 'another connection proved the token as this page (same page id) and replaced this one');
        }
      }
      this.sessions.add(session);
    }
    this.changed();
  }

  remove(session: PageSession): void {
    if (this.sessions.delete(session)) {
      this.changed();
    }
  }

  /** The connected pages, one per page id. */
  pages(): PageSession[] {
    return [...this.sessions].filter((session) => session.ready && session.identity);
  }

  current(selectedPageId?: string): PageSession | undefined {
    const pages = this.pages();
    // Of a person's page and a page of another token that name one id (one of ours may be called "lite:…"), ours.
    const selected = pages.filter((page) => pageIdOf(page) === selectedPageId).sort((a, b) => Number(isOwn(b)) - Number(isOwn(a)))[0];
    if (selected) {
      return selected;
    }
    const candidates = pages.some(isOwn) ? pages.filter(isOwn) : pages;
    const newest = (key: 'focusedAt' | 'readyAt') =>
      candidates.reduce<PageSession | undefined>((best, page) => (page[key] > (best?.[key] ?? 0) ? page : best), undefined);
    return newest('focusedAt') ?? newest('readyAt');
  }

  isConnected(pageId: string): boolean {
    return this.pages().some((page) => pageIdOf(page) === pageId);
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
