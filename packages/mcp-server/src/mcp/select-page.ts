/**
 * The server's own tool `select_page` (SPEC §7), and how pages are described to
 * the agent. Several pages may be connected: browser tabs, Notebook 7
 * documents, several Jupyter servers.
 */
import { fail, succeed, type ToolResult } from '@jupyter-live-mcp/protocol';
import * as z from 'zod/mini';
import { pageIdOf } from '../hub/page-id.js';
import type { PageRouter } from '../hub/page-router.js';
import type { PageSession } from '../hub/page-session.js';
import { defineServerTool, type PageSelection, type ServerTool } from './define-server-tool.js';

/** Its input (SPEC §7): the server lists and parses it, never a page. */
const SELECT_PAGE_INPUT = z.strictObject({
  pageId: z.optional(z.string()).check(z.describe("From this tool's list."))
});

const descriptor = {
  name: 'select_page',
  title: 'Select the page',
  description: 'List the connected Jupyter pages or, with pageId, send every later call to that page (default: the page focused last).',
  hints: { readOnlyHint: false, consequentialHint: false, untrustedContentHint: false }
};

export function describePage(page: PageSession, current: PageSession | undefined) {
  return {
    pageId: pageIdOf(page),
    app: page.identity!.app,
    url: page.identity!.url,
    ...(page.title ? { title: page.title } : {}),
    focused: page.focused,
    current: page === current
  };
}

export const SELECT_PAGE_TOOL: ServerTool = defineServerTool(
  descriptor,
  SELECT_PAGE_INPUT,
  (args, { router, selection, toolListMayHaveChanged }) => {
    const result = selectPage(router, selection, args);
    // Another page may offer other tools.
    toolListMayHaveChanged();
    return result;
  }
);

function selectPage(router: PageRouter, selection: PageSelection, { pageId }: z.infer<typeof SELECT_PAGE_INPUT>): ToolResult {
  if (pageId !== undefined) {
    if (!router.isConnected(pageId)) {
      const ids = router.pages().map(pageIdOf);
      return fail(
        'bad_input',
        `select_page: no connected page has the id "${pageId}". ` +
          (ids.length ? `Connected pages: ${ids.join(', ')}.` : 'No page is connected.')
      );
    }
    selection.pageId = pageId;
  }
  const current = router.current(selection.pageId);
  return succeed({
    ...(pageId !== undefined ? { selected: pageId } : {}),
    pages: router.pages().map((page) => describePage(page, current))
  });
}
