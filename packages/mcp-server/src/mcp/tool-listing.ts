/**
 * What tools/list answers (SPEC §7): the current page's tools, or the default
 * catalogue before a page has connected, then the server's own tools; each as
 * an MCP tool. MCP has no consequential or untrusted-content hint yet, so the
 * raw R/C/U hints also travel in `_meta`.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { BUILT_IN_TOOLS, DEFAULT_TOOLS, defaultToolDescriptor, type ToolDescriptor } from '@jupyter-live-mcp/protocol';
import type { PageSession } from '../hub/page-session.js';
import { SERVER_TOOLS } from './server-tools.js';

/** The `_meta` key that carries the raw hints. */
export const HINTS_META_KEY = 'jupyter-live-mcp/hints';

/**
 * What the server lists before any page has connected: many clients never
 * refresh their tool list, so they must see the tools from the start.
 */
export const DEFAULT_CATALOGUE: readonly ToolDescriptor[] = [...BUILT_IN_TOOLS, ...DEFAULT_TOOLS.map(defaultToolDescriptor)];

/**
 * The tools listed while `page` is the current page (none connected: undefined),
 * each name once: a server tool wins over a page tool of its name, as it does
 * when called, and the first of a page's tools with one name is the one listed.
 */
export function listedTools(page: PageSession | undefined): ToolDescriptor[] {
  const own = SERVER_TOOLS.map((tool) => tool.descriptor);
  const names = new Set(own.map((tool) => tool.name));
  const listed: ToolDescriptor[] = [];
  for (const tool of page?.tools ?? DEFAULT_CATALOGUE) {
    if (!names.has(tool.name)) {
      names.add(tool.name);
      listed.push(tool);
    }
  }
  return [...listed, ...own];
}

export function isListedByDefault(name: string): boolean {
  return DEFAULT_CATALOGUE.some((tool) => tool.name === name);
}

export function toMcpTool(tool: ToolDescriptor): Tool {
  const { readOnlyHint, consequentialHint, untrustedContentHint } = tool.hints;
  return {
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: {
      ...(tool.title ? { title: tool.title } : {}),
      readOnlyHint,
      // Only consequential writes are destructive: add_cell writes but is not.
      destructiveHint: !readOnlyHint && consequentialHint,
      openWorldHint: untrustedContentHint
    },
    _meta: {
      [HINTS_META_KEY]: {
        ...tool.hints,
        ...(tool.command ? { command: tool.command } : {})
      }
    }
  };
}
