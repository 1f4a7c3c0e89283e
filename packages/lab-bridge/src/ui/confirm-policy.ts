/**
 * Which calls wait for the person's click (the `confirm` setting, SPEC §6). Pure.
 */
import type { BridgeSettings, ToolHints } from '@jupyter-live-mcp/protocol';

export type ConfirmMode = BridgeSettings['confirm'];

/** `needsApproval`: the tool itself asks for the person's click on every call. */
export function needsConfirmation(mode: ConfirmMode, hints: ToolHints, needsApproval = false): boolean {
  return needsApproval || mode === 'all' || (mode === 'consequential' && hints.consequentialHint);
}
