/**
 * A built-in tool (SPEC §2.1) as the page runs it: protocol's definition says
 * what is listed and how a call of it is treated; the page adds the run, which
 * gets the arguments typed from the tool's zod input.
 */
import { builtInDescriptor, builtInTool, type BuiltInArgs, type BuiltInToolName, type ToolResult } from '@jupyter-live-mcp/protocol';
import type { BridgeTool } from '../calls/bridge-tool.js';

interface BuiltInRun<N extends BuiltInToolName> {
  run(args: BuiltInArgs<N>): Promise<ToolResult>;
  commandOf?: BridgeTool['commandOf'];
}

export function defineBuiltInTool<N extends BuiltInToolName>(name: N, { run, commandOf }: BuiltInRun<N>): BridgeTool {
  const definition = builtInTool(name)!;
  return {
    descriptor: builtInDescriptor(definition),
    ...(definition.answersAtOnce ? { answersAtOnce: true } : {}),
    ...(commandOf ? { commandOf } : {}),
    // The pipeline runs a tool only with arguments checkInput passed against the
    // schema listed from this same zod input.
    run: (args) => run(args as BuiltInArgs<N>)
  };
}
