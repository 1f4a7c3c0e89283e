/**
 * A built-in tool (SPEC §2.1) as the page runs it: protocol's definition says
 * what is listed and how a call of it is treated; the page adds the run, which
 * gets the arguments parsed with the tool's zod input.
 */
import {
  BUILT_IN_INPUTS,
  builtInDescriptor,
  builtInTool,
  fail,
  parseInput,
  type BuiltInArgs,
  type BuiltInToolName,
  type ToolResult
} from '@jupyter-live-mcp/protocol';
import type { BridgeTool } from '../calls/bridge-tool.js';

/** A built-in tool's run needs nothing of the call it serves but its arguments. */
interface BuiltInRun<N extends BuiltInToolName> {
  run(args: BuiltInArgs<N>): Promise<ToolResult>;
  commandOf?: BridgeTool['commandOf'];
}

export function defineBuiltInTool<N extends BuiltInToolName>(name: N, { run, commandOf }: BuiltInRun<N>): BridgeTool {
  const definition = builtInTool(name)!;
  return {
    descriptor: builtInDescriptor(definition),
    ...(definition.neverPending ? { neverPending: true } : {}),
    ...(commandOf ? { commandOf } : {}),
    // checkInput passed their JSON types; the zod input adds its limits (a minimum, a maximum).
    run: (args) => {
      const parsed = parseInput(name, BUILT_IN_INPUTS[name], args);
      return parsed.ok ? run(parsed.args as BuiltInArgs<N>) : Promise.resolve(fail('bad_input', parsed.error));
    }
  };
}
