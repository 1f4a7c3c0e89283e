/**
 * The tools every page offers, as data (SPEC §2.1). The bridge implements them; the
 * MCP server lists them before any page is connected, so clients that never
 * refresh their tool list still see them.
 */
import { z } from 'zod';
import { plainJsonSchema } from './plain-json-schema.js';
import type { ToolDescriptor } from './wire.js';

/** A built-in tool: what the page publishes (its descriptor) and how both sides treat a call of it. */
export interface BuiltInTool extends ToolDescriptor {
  /** It answers about other calls (a dialog, a pending result), so it never goes pending itself. */
  answersAtOnce?: boolean;
  /** The server completes its result with the page that answered and, with several, the others (SPEC §7). */
  reportsPages?: boolean;
}

/** The longest wait_for_result waits. */
export const MAX_WAIT_SECONDS = 300;

/** How many commands list_all_commands returns when no limit is given. */
export const DEFAULT_COMMAND_LIMIT = 50;

/**
 * Each built-in tool's input, defined once: the schema it lists comes from it
 * (plainJsonSchema), and so do the page's typed arguments (BuiltInArgs).
 */
export const BUILT_IN_INPUTS = {
  get_context: z.strictObject({}),
  list_all_commands: z.strictObject({
    query: z.string().optional().describe('Words to look for, e.g. "run cell". Empty or absent lists every command.'),
    limit: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe(`At most this many commands are returned (default ${DEFAULT_COMMAND_LIMIT}); commandCount counts all matches.`)
  }),
  execute_command: z.strictObject({
    commandId: z.string().describe('The command id, e.g. "notebook:run-cell".'),
    args: z.record(z.string(), z.unknown()).optional().describe("The command's arguments.")
  }),
  answer_dialog: z.strictObject({
    button: z.union([z.string(), z.number().int()]).describe('The label of the button to click (e.g. "Rename"), or its index.'),
    dialogId: z.string().optional().describe('Which dialog (default: the one in front).'),
    value: z.string().optional().describe("Text to put in the dialog's text field before clicking.")
  }),
  wait_for_result: z.strictObject({
    pendingId: z.string().describe('The pendingId of the pending result.'),
    seconds: z
      .number()
      .min(0)
      .max(MAX_WAIT_SECONDS)
      .optional()
      .describe(`How long to wait at most (default: the page's pendingAfterSeconds; at most ${MAX_WAIT_SECONDS}).`)
  })
} as const;

/** The input of the server's own select_page (SPEC §7): the server lists and parses it, never a page. */
export const SELECT_PAGE_INPUT = z.strictObject({
  pageId: z.string().optional().describe('The page to use, from the list this tool returns.')
});

/** A built-in tool's arguments once parsed with its zod input. */
export type BuiltInArgs<N extends BuiltInToolName> = z.infer<(typeof BUILT_IN_INPUTS)[N]>;

export const BUILT_IN_TOOLS = [
  {
    name: 'get_context',
    title: 'Get page context',
    description:
      'Describe the Jupyter page the person has open: the application and its version, the file ' +
      "browser's folder, the current widget and its editor (cursor and selection, 1-based), every " +
      'open document (id, path, kernel, notebook cell counts), the running kernels and the kernelspecs ' +
      'that can be started. Call this ' +
      'first, and again whenever you need fresh ids or state.',
    inputSchema: plainJsonSchema(BUILT_IN_INPUTS.get_context),
    hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false },
    reportsPages: true
  },
  {
    name: 'list_all_commands',
    title: 'List JupyterLab commands',
    description:
      "Search the page's JupyterLab commands (case-insensitive, over id, label, caption and " +
      'usage). Each command comes with its argument schema when it declares one, whether it is ' +
      'enabled, and the tool that runs it, if any. Use it to find a command for execute_command.',
    inputSchema: plainJsonSchema(BUILT_IN_INPUTS.list_all_commands),
    hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false }
  },
  {
    name: 'execute_command',
    title: 'Execute a JupyterLab command',
    description:
      'Run one JupyterLab command by id (find ids with list_all_commands) and return its result. ' +
      'Most notebook and console commands act on the active document; to act on another open ' +
      'notebook or console pass "semanticWidget": "<widget id from get_context>" and ' +
      '"activate": false in args. Only notebook:* and console:* commands take semanticWidget or ' +
      'widgetId. args are passed as given, not checked against the command schema.',
    inputSchema: plainJsonSchema(BUILT_IN_INPUTS.execute_command),
    hints: { readOnlyHint: false, consequentialHint: true, untrustedContentHint: true }
  },
  {
    name: 'answer_dialog',
    title: 'Answer a dialog',
    description:
      'Click a button of a dialog open in the page (get_context and pending results list them with ' +
      'their buttons). For a dialog with a text field, value is typed in first. Dialogs block the ' +
      'command that opened them and every dialog after them.',
    inputSchema: plainJsonSchema(BUILT_IN_INPUTS.answer_dialog),
    hints: { readOnlyHint: false, consequentialHint: true, untrustedContentHint: false },
    answersAtOnce: true
  },
  {
    name: 'wait_for_result',
    title: 'Wait for a pending result',
    description:
      'Wait for a call that answered "pending" to finish and return its own result, or "pending" ' +
      'again if it is still running after the wait. Results are kept 10 minutes after they finish.',
    inputSchema: plainJsonSchema(BUILT_IN_INPUTS.wait_for_result),
    hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: true },
    answersAtOnce: true
  }
] as const satisfies readonly BuiltInTool[];

/** A built-in tool as the page publishes it: the behaviour flags stay off the wire. */
export function builtInDescriptor({ answersAtOnce: _atOnce, reportsPages: _pages, ...descriptor }: BuiltInTool): ToolDescriptor {
  return descriptor;
}

/** The built-in tool of this name, if there is one: its definition says how a call of it is treated. */
export function builtInTool(name: string): BuiltInTool | undefined {
  return (BUILT_IN_TOOLS as readonly BuiltInTool[]).find((tool) => tool.name === name);
}

export type BuiltInToolName = (typeof BUILT_IN_TOOLS)[number]['name'];
