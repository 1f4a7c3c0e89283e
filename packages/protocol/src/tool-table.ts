/**
 * The tools every page offers, as data (SPEC §2.1). The bridge implements them; the
 * MCP server lists them before any page is connected, so clients that never
 * refresh their tool list still see them.
 */
import * as z from 'zod/mini';
import './zod-english.js';
import { INPUT_SCHEMAS } from './input-schemas.js';
import type { ToolDescriptor } from './page-messages.js';

/** A built-in tool: what the page publishes (its descriptor) and how both sides treat a call of it. */
export interface BuiltInTool extends ToolDescriptor {
  /**
   * It answers about other calls (the dialogs, the pending calls, a pending result), so it never answers
   * `pending` itself, not even when the person opens a dialog while it runs; it ends on its own soon
   * (get_context waits for the server's list of kernels at most its KERNEL_REFRESH_MS).
   */
  neverPending?: boolean;
  /** The server completes its result with the page that answered and, with several, the others (SPEC §7). */
  reportsPages?: boolean;
}

/** The longest wait_for_result waits. */
export const MAX_WAIT_SECONDS = 300;

/** How many commands list_all_commands returns when no limit is given. */
export const DEFAULT_COMMAND_LIMIT = 50;

/**
 * Each built-in tool's input, defined once: the schema it lists comes from it
 * (written at build time, input-schemas.ts), and so do the page's typed arguments (BuiltInArgs).
 */
export const BUILT_IN_INPUTS = {
  get_context: z.strictObject({}),
  list_all_commands: z.strictObject({
    query: z.optional(z.string()).check(z.describe('E.g. "run cell".')),
    limit: z.optional(z.int().check(z.gte(1))).check(z.describe(`Default ${DEFAULT_COMMAND_LIMIT}; commandCount counts all matches.`))
  }),
  execute_command: z.strictObject({
    commandId: z.string().check(z.describe('E.g. "notebook:run-cell".')),
    args: z.optional(z.record(z.string(), z.unknown()))
  }),
  answer_dialog: z.strictObject({
    button: z.union([z.string(), z.int()]).check(z.describe('Its label (e.g. "Rename") or index.')),
    dialogId: z.optional(z.string()).check(z.describe('Default: the one in front.')),
    value: z.optional(z.string())
  }),
  wait_for_result: z.strictObject({
    pendingId: z.string(),
    seconds: z.optional(z.number().check(z.gte(0), z.lte(MAX_WAIT_SECONDS))).check(z.describe("Default: the page's pendingAfterSeconds."))
  })
} as const;

/** A built-in tool's arguments once parsed with its zod input. */
export type BuiltInArgs<N extends BuiltInToolName> = z.infer<(typeof BUILT_IN_INPUTS)[N]>;

export const BUILT_IN_TOOLS = [
  {
    name: 'get_context',
    title: 'Get page context',
    description:
      'The page: app and version, current widget and editor (cursor, selection), open documents (id, path, kernel), kernels, kernelspecs; call again for fresh ids.',
    inputSchema: INPUT_SCHEMAS.get_context,
    hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false },
    reportsPages: true,
    neverPending: true
  },
  {
    name: 'list_all_commands',
    title: 'List JupyterLab commands',
    description: "Search the page's JupyterLab commands: each with its argument schema, enabled, and the tool that runs it.",
    inputSchema: INPUT_SCHEMAS.list_all_commands,
    hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false }
  },
  {
    name: 'execute_command',
    title: 'Execute a JupyterLab command',
    description:
      'Run a JupyterLab command by id, args unchecked. notebook:* and console:* commands act on the active document unless args carry "semanticWidget": "<widget id>", "activate": false.',
    inputSchema: INPUT_SCHEMAS.execute_command,
    hints: { readOnlyHint: false, consequentialHint: true, untrustedContentHint: true }
  },
  {
    name: 'answer_dialog',
    title: 'Answer a dialog',
    description: 'Click a button of a dialog in the page (get_context and pending results list them), typing value in first.',
    inputSchema: INPUT_SCHEMAS.answer_dialog,
    hints: { readOnlyHint: false, consequentialHint: true, untrustedContentHint: false },
    neverPending: true
  },
  {
    name: 'wait_for_result',
    title: 'Wait for a pending result',
    description: 'Wait for a call that answered "pending": its result, or "pending" again. Kept 10 minutes.',
    inputSchema: INPUT_SCHEMAS.wait_for_result,
    hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: true },
    neverPending: true
  }
] as const satisfies readonly BuiltInTool[];

/** A built-in tool as the page publishes it: the behaviour flags stay off the wire. */
export function builtInDescriptor({ neverPending: _never, reportsPages: _pages, ...descriptor }: BuiltInTool): ToolDescriptor {
  return descriptor;
}

/** The built-in tool of this name, if there is one: its definition says how a call of it is treated. */
export function builtInTool(name: string): BuiltInTool | undefined {
  return (BUILT_IN_TOOLS as readonly BuiltInTool[]).find((tool) => tool.name === name);
}

export type BuiltInToolName = (typeof BUILT_IN_TOOLS)[number]['name'];
