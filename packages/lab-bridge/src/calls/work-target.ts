/**
 * What a call works on, read from its checked arguments by its tool's
 * definition (`worksOn`), for the marks the person sees in the page. Pure.
 */
import type { WorksOn } from '@jupyter-live-mcp/protocol';

export interface Work {
  action: WorksOn['action'];
  notebookPath: string;
  /** The cells worked on; empty: the notebook as a whole. */
  cellIds: string[];
  /** The command marks each cell as it reaches it (worksOn cells 'by-command'): the call marks only the tab. */
  cellsByCommand?: true;
}

/** The call's work, or undefined when its arguments name no notebook. */
export function workTarget(worksOn: WorksOn, args: Record<string, unknown>): Work | undefined {
  const notebookPath = args[worksOn.notebook];
  if (typeof notebookPath !== 'string' || !notebookPath.trim()) {
    return undefined;
  }
  if (worksOn.cells === 'by-command') {
    return { action: worksOn.action, notebookPath, cellIds: [], cellsByCommand: true };
  }
  const named = (worksOn.cells ?? []).flatMap((input) => {
    const value = args[input];
    return Array.isArray(value) ? value : [value];
  });
  const cellIds = [...new Set(named.filter((id): id is string => typeof id === 'string' && id !== ''))];
  return { action: worksOn.action, notebookPath, cellIds };
}
