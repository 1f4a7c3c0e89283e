/**
 * `wait_for_result` (SPEC §2.1, §3.2): collects a pending call's result.
 */
import type { PendingCalls } from '../calls/pending-calls.js';
import type { BridgeTool } from '../calls/bridge-tool.js';
import { defineBuiltInTool } from './built-in-tool.js';

export function waitForResultTool(pending: PendingCalls, defaultSeconds: () => number): BridgeTool {
  return defineBuiltInTool('wait_for_result', {
    run: (args) => pending.wait(args.pendingId, args.seconds ?? defaultSeconds())
  });
}
