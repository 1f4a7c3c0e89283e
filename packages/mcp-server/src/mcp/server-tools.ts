/**
 * The server's own tools (SPEC §7): listed with the page's tools, but run here,
 * for the MCP session that calls them, never sent to a page.
 */
import type { ServerTool } from './define-server-tool.js';
import { SELECT_PAGE_TOOL } from './select-page.js';

export const SERVER_TOOLS: readonly ServerTool[] = [SELECT_PAGE_TOOL];

export function serverTool(name: string): ServerTool | undefined {
  return SERVER_TOOLS.find((tool) => tool.descriptor.name === name);
}
