/**
 * Which calls wait for the person's click (the `confirm` setting, SPEC §6). Pure.
 */
import type { ToolHints } from '@jupyter-live-mcp/protocol';

export type ConfirmMode = 'none' | 'consequential' | 'all';

export function needsConfirmation(mode: ConfirmMode, hints: ToolHints): boolean {
  return mode === 'all' || (mode === 'consequential' && hints.consequentialHint);
}
