/**
 * The page's WebMCP registry, `document.modelContext`, as far as the bridge
 * uses it. Checked in Debian's Chromium 156 with `--enable-features=WebMCP` on
 * a localhost page (the proposal, webmachinelearning/webmcp, is older and
 * differs: it has `navigator.modelContext` and `unregisterTool(name)`):
 *
 * - `registerTool({name, title?, description, inputSchema?, annotations?,
 *   execute}, {signal?})` returns a Promise (of undefined). It rejects with an
 *   InvalidStateError "Duplicate tool name" when the name is taken, "Invalid
 *   tool name" for a name with spaces or of 200 characters (dots and dashes
 *   pass), a TypeError without a description or with a cyclic schema, an
 *   AbortError when the signal is already aborted. The schema is not checked
 *   (`{type: "string"}` passes).
 * - There is no `unregisterTool`: aborting the registration's signal removes
 *   the tool at once, and its name can be registered again in the same tick.
 * - `getTools()` resolves with fresh plain objects `{name, title?, description,
 *   inputSchema?, annotations?, origin, window}`. `annotations` keeps only
 *   known keys and fills in the others: `readOnlyHint`, `consequentialHint`,
 *   `untrustedContentHint`, `debugging` (unknown ones, e.g. destructiveHint,
 *   are dropped without an error).
 * - `executeTool(tool, args, {signal?})` takes an object from getTools() (not a
 *   name) and a plain object, never checks the arguments against the schema,
 *   calls `execute(args, {signal})` and resolves with what execute returned
 *   as a JSON string (a string as is). A throwing execute, or a result JSON
 *   cannot write, rejects it with "UnknownError" and logs a console error;
 *   an aborted signal rejects it with an AbortError, aborts execute's signal
 *   and fires `toolcancel`.
 * - Events: `toolchange` (a plain Event) on each registration and removal,
 *   `toolactivated` and `toolcancel` with `toolName`.
 *
 * What execute should return: the proposal says "a structured content
 * response", as the MCP SDK's tool result, and clients read MCP's
 * `{content: [...], isError}`; so execute answers MCP's tool-result shape.
 */
import type { ToolHints } from '@jupyter-live-mcp/protocol';

/** WebMCP's annotations carry the hints under the names the wire gives them. */
export type WebMcpAnnotations = ToolHints;

/** What the bridge registers for one tool, without its execute. */
export interface WebMcpRegistration {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: WebMcpAnnotations;
}

export interface WebMcpTool extends WebMcpRegistration {
  execute(args: unknown, client?: { signal?: AbortSignal }): Promise<unknown>;
}

export interface ModelContext {
  registerTool(tool: WebMcpTool, options?: { signal?: AbortSignal }): Promise<unknown> | undefined;
}

/** The page's `document.modelContext` (native, or a polyfill with its API), if it has one. */
export function findModelContext(doc: Document | undefined): ModelContext | undefined {
  const context = (doc as { modelContext?: unknown } | undefined)?.modelContext;
  return typeof context === 'object' && context !== null && typeof (context as ModelContext).registerTool === 'function'
    ? (context as ModelContext)
    : undefined;
}
