/**
 * What a server tool is, and one from its zod input: the schema it lists and
 * the arguments its run gets both come from it, checked as a page checks a call
 * of its tools (SPEC §3.1): JSON types first, then the zod input's own limits.
 */
import { checkInput, fail, parseInput, plainJsonSchema, type ToolDescriptor, type ToolResult } from '@jupyter-live-mcp/protocol';
import type * as z from 'zod/mini';
import type { PageRouter } from '../hub/page-router.js';

/** The page an MCP session chose with select_page, if any: each session has its own. */
export interface PageSelection {
  pageId?: string;
}

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

export function defineServerTool<T extends z.ZodMiniObject>(
  descriptor: Omit<ToolDescriptor, 'inputSchema'>,
  input: T,
  run: (args: z.infer<T>, context: ServerToolContext) => ToolResult
): ServerTool {
  const inputSchema = plainJsonSchema(input);
  return {
    descriptor: { ...descriptor, inputSchema },
    run(args, context) {
      const checked = checkInput(descriptor.name, inputSchema, args);
      if (!checked.ok) {
        return fail('bad_input', checked.error);
      }
      const parsed = parseInput(descriptor.name, input, checked.args);
      return parsed.ok ? run(parsed.args, context) : fail('bad_input', parsed.error);
    }
  };
}
