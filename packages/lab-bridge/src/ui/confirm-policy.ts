/**
 * Which calls wait for the person's click (the `confirm` setting, SPEC §6). Pure.
 */
import type { ToolHints } from '@jupyter-live-mcp/protocol';
import type { BridgeSettings } from '../settings/bridge-settings.js';

export type ConfirmMode = BridgeSettings['confirm'];

export function needsConfirmation(mode: ConfirmMode, hints: ToolHints): boolean {
  return mode === 'all' || (mode === 'consequential' && hints.consequentialHint);
}
