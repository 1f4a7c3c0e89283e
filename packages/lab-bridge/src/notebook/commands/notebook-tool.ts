/**
 * A notebook, file or kernel tool of the bridge: its declaration (protocol's
 * notebook-tools.ts: command, input, listing) and its run, bound to it. The
 * run gets checked arguments, the parts it works with and the call's context;
 * it answers in the result protocol, a CommandFailure with its own code.
 */
import type * as z from 'zod/mini';
import {
  CUT_HINT,
  fail,
  hasCutOutput,
  parseInput,
  UI_ONLY_ARGUMENTS,
  type NotebookToolDeclaration,
  type ToolResult
} from '@jupyter-live-mcp/protocol';
import type { CallContext } from '../../calls/call-context.js';
import { CommandFailure } from './command-failure.js';

export type { CallContext };

export interface NotebookTool<I extends z.ZodMiniObject = z.ZodMiniObject, P = never> {
  readonly declaration: NotebookToolDeclaration<I>;
  run(args: z.infer<I>, parts: P, call: CallContext): Promise<ToolResult>;
}

export function notebookTool<I extends z.ZodMiniObject, P>(
  declaration: NotebookToolDeclaration<I>,
  run: (args: z.infer<I>, parts: P, call: CallContext) => Promise<ToolResult>
): NotebookTool<I, P> {
  return { declaration, run };
}

/** The name its messages give it, which is how the agent knows it: its tool's, else its command's. */
export function toolName(declaration: NotebookToolDeclaration): string {
  return declaration.tool?.name ?? declaration.command;
}

/** Runs it on arguments as they came (execute_command passes them unchecked): the UI's own arguments dropped, the rest checked. */
export async function runNotebookTool<P>(
  tool: NotebookTool<z.ZodMiniObject, P>,
  raw: Readonly<Record<string, unknown>>,
  parts: P,
  call: CallContext
): Promise<ToolResult> {
  const args = Object.fromEntries(Object.entries(raw).filter(([name]) => !UI_ONLY_ARGUMENTS.includes(name)));
  const parsed = parseInput(call.tool, tool.declaration.input, args);
  if (!parsed.ok) {
    return fail('bad_input', parsed.error);
  }
  try {
    return withCutHint(await tool.run(parsed.args, parts, call));
  } catch (error) {
    if (error instanceof CommandFailure) {
      return fail(error.code, error.message, error.details);
    }
    throw error;
  }
}

/**
 * The answer without what the agent sent: a field the answer shares with an
 * argument, with the same value (notebookPath, cellId, kernelId, path…), costs
 * the agent characters and tells it nothing. A value the tool resolved (a path
 * it normalised) differs, and stays.
 */
export function withoutEchoes(result: ToolResult, args: Readonly<Record<string, unknown>>): ToolResult {
  const echoed = (key: string, value: unknown) =>
    key !== 'success' && key !== 'code' && key !== 'error' && (typeof value !== 'object' || value === null) && Object.is(args[key], value);
  return Object.fromEntries(Object.entries(result).filter(([key, value]) => !echoed(key, value))) as ToolResult;
}

/** An answer with a cut output says once how to get it whole. */
function withCutHint(result: ToolResult): ToolResult {
  return hasCutOutput(result) ? { ...result, cut: CUT_HINT } : result;
}
