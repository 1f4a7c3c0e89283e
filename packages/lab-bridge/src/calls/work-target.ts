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
}

/** The call's work, or undefined when its arguments name no notebook. */
export function workTarget(worksOn: WorksOn, args: Record<string, unknown>): Work | undefined {
  const notebookPath = args[worksOn.notebook];
  if (typeof notebookPath !== 'string' || !notebookPath.trim()) {
    return undefined;
  }
  const named = (worksOn.cells ?? []).flatMap((input) => {
    const value = args[input];
    return Array.isArray(value) ? value : [value];
  });
  const cellIds = [...new Set(named.filter((id): id is string => typeof id === 'string' && id !== ''))];
  return { action: worksOn.action, notebookPath, cellIds };
}
