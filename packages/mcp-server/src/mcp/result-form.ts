/**
 * Which of a tool result's two forms (SPEC §7: the JSON as a text block, and
 * the same object as `structuredContent`) a client is sent. Claude Code sends
 * its model `structuredContent` alone whenever a result has it and drops the
 * text block (docs/tools.md, "Results"), so it gets `structuredContent` and the
 * pictures, and the message is half the size. Every other client, and one that
 * names itself otherwise or not at all, gets both, as SPEC §7 says: a rule
 * that misses a client costs bytes, never content. Pure.
 */
import type { ResultForm } from '@jupyter-live-mcp/protocol';

/** `clientInfo.name` of the clients that read `structuredContent` alone. */
const STRUCTURED_READERS: ReadonlySet<string> = new Set(['claude-code']);

export function resultFormFor(clientName: string | undefined): ResultForm {
  // Stryker disable next-line StringLiteral: any name outside the set gives 'both', as no name does
  return STRUCTURED_READERS.has(clientName ?? '') ? 'structured' : 'both';
}
