/**
 * The server's own tools (SPEC §7): listed with the page's tools, but run here,
 * for the MCP session that calls them, never sent to a page.
 */
import type { ToolDescriptor, ToolResult } from '@jupyter-live-mcp/protocol';
import type { PageRouter } from '../hub/page-router.js';
import { SELECT_PAGE_TOOL, type PageSelection } from './select-page.js';

/** What a server tool may read and change: the pages, and this MCP session's choice among them. */
export interface ServerToolContext {
  router: PageRouter;
  selection: PageSelection;
  /** The session's tool list may now be another page's: clients hear of it if so. */
  toolListMayHaveChanged(): void;
}

export interface ServerTool {
  descriptor: ToolDescriptor;
  /** Checks the arguments (defineServerTool), then runs. */
  run(args: Record<string, unknown>, context: ServerToolContext): ToolResult;
}

export const SERVER_TOOLS: readonly ServerTool[] = [SELECT_PAGE_TOOL];

export function serverTool(name: string): ServerTool | undefined {
  return SERVER_TOOLS.find((tool) => tool.descriptor.name === name);
}
