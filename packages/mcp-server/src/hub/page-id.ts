/**
 * The id agents see and select a page by. A page that proved another token than
 * the pairing token (lite's own) is named `<scope>:<its id>`, so it can never
 * claim the id of one of the person's pages (page-router.ts).
 */
import type { PageIdentity } from '@jupyter-live-mcp/protocol';

/** What names a page: who it said it is, and the scope of the token it proved (none for the pairing token). */
export interface NamedPage {
  identity: Pick<PageIdentity, 'pageId'> | undefined;
  scope: string | undefined;
}

export function pageIdOf(page: NamedPage): string {
  const id = page.identity?.pageId ?? '';
  return page.scope === undefined ? id : `${page.scope}:${id}`;
}
