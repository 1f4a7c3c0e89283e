/**
 * A built-in tool (SPEC §2.1) as the page runs it: protocol's definition says
 * what is listed and how a call of it is treated; the page adds the run.
 */
import { builtInDescriptor, builtInTool, type BuiltInToolName } from '@jupyter-live-mcp/protocol';
import type { BridgeTool } from '../calls/bridge-tool.js';

export function defineBuiltInTool(name: BuiltInToolName, tool: Pick<BridgeTool, 'run' | 'commandOf'>): BridgeTool {
  const definition = builtInTool(name)!;
  return { descriptor: builtInDescriptor(definition), ...(definition.answersAtOnce ? { answersAtOnce: true } : {}), ...tool };
}
