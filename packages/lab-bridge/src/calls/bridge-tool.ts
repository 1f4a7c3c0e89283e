/**
 * A tool as the page runs it: what is listed (its descriptor) and how a call of
 * it is treated, read by the call pipeline instead of checks of its name.
 */
import type { ToolDescriptor, ToolResult } from '@jupyter-live-mcp/protocol';
import type { CallContext } from './call-context.js';
import type { Work } from './work-target.js';

/** A tool's run: checked arguments, and the context of the call it serves. May throw; the pipeline reports it. */
export type ToolRun = (args: Readonly<Record<string, unknown>>, call: CallContext) => Promise<ToolResult>;

export interface BridgeTool {
  descriptor: ToolDescriptor;
  /** Its calls skip the pending rules (protocol's BuiltInTool.neverPending says why). */
  neverPending?: boolean;
  /** The person confirms each call, whatever the `confirm` setting says (an extension tool's needsApproval). */
  needsApproval?: boolean;
  /** The command a call of it runs, named in its pending entry. Reads the arguments before they are checked. */
  commandOf?(args: Record<string, unknown>): string | undefined;
  /** What a call of it works on (its definition's worksOn), marked for the person while it runs. */
  workOf?(args: Record<string, unknown>): Work | undefined;
  /** A call of it may change the cells of the notebook it works on (its declaration's changesCells): the page keeps what it changed. */
  changesCells?: boolean;
  run: ToolRun;
}
