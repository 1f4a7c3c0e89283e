/**
 * Runs one tool call: finds the tool, checks its input (SPEC §3.1), runs it and
 * turns anything it throws into a failure result. Nothing here knows JupyterLab.
 */
import { checkInput, fail, type ToolDescriptor, type ToolResult } from '@jupyter-live-mcp/protocol';

export interface BridgeTool {
  descriptor: ToolDescriptor;
  /** Runs with checked arguments. May throw; the runner reports it. */
  run(args: Record<string, unknown>): Promise<ToolResult>;
}

/** Runs after the input checks and before the tool: a result stops the call. */
export type Gate = (tool: string, descriptor: ToolDescriptor, args: Record<string, unknown>) => Promise<ToolResult | undefined>;

export async function runTool(
  tools: ReadonlyMap<string, BridgeTool>,
  name: string,
  args: Record<string, unknown>,
  gate?: Gate
): Promise<ToolResult> {
  const tool = tools.get(name);
  if (!tool) {
    return fail(
      'unknown_tool',
      `This page has no tool "${name}". Its tools are: ${[...tools.keys()].join(', ')}.`
    );
  }
  const checked = checkInput(name, tool.descriptor.inputSchema, args);
  if (!checked.ok) {
    return fail('bad_input', checked.error);
  }
  const stopped = await gate?.(name, tool.descriptor, checked.args);
  if (stopped) {
    return stopped;
  }
  try {
    return await tool.run(checked.args);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return fail('command_failed', `${name} failed: ${message}`);
  }
}
