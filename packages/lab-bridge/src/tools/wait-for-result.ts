/**
 * `wait_for_result` (SPEC §2.1, §3.2): collects a pending call's result.
 */
import { BUILT_IN_TOOLS } from '@jupyter-live-mcp/protocol';
import type { PendingCalls } from '../calls/pending-calls.js';
import type { BridgeTool } from '../calls/tool-runner.js';

export function waitForResultTool(pending: PendingCalls, defaultSeconds: () => number): BridgeTool {
  return {
    descriptor: BUILT_IN_TOOLS.find((tool) => tool.name === 'wait_for_result')!,
    run: (args) => pending.wait(args.pendingId as string, typeof args.seconds === 'number' ? args.seconds : defaultSeconds())
  };
}
