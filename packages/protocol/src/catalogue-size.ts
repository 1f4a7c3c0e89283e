/**
 * What the tool catalogue costs an agent, which reads tools/list at every
 * session start: its characters, and its largest description (Claude Code
 * cuts a description at 2 KB).
 */

/** The catalogue's ceilings: the default listing stays within them (a unit test checks it). */
export const CATALOGUE_LIMITS = {
  /** Characters of the tools/list answer's tools, as JSON. */
  listChars: 16_000,
  /** A description this long or longer is cut by Claude Code. */
  descriptionChars: 2048
} as const;

export interface CatalogueSize {
  tools: number;
  /** Characters of `{"tools": [...]}` as JSON. */
  chars: number;
  largestDescription: { tool: string; chars: number };
}

export function catalogueSize(tools: readonly { name: string; description?: string }[]): CatalogueSize {
  let largest = { tool: '', chars: 0 };
  for (const tool of tools) {
    const chars = tool.description?.length ?? 0;
    if (chars > largest.chars) {
      largest = { tool: tool.name, chars };
    }
  }
  return { tools: tools.length, chars: JSON.stringify({ tools }).length, largestDescription: largest };
}
