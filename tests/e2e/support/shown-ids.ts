/**
 * Cell ids as the bridge's answers show them (protocol's cell-ids.ts), for a
 * test that compares whole ids — the page's, the file's, those it wrote — with
 * an answer's: each of `ids` shown against all of them, as a notebook's cells.
 */
import { shortCellIds } from '@jupyter-live-mcp/protocol';

export function shownIds(ids: readonly string[]): Record<string, string> {
  return Object.fromEntries(shortCellIds(ids));
}
