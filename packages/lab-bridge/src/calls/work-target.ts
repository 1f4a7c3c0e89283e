/**
 * What a call works on, read from its checked arguments by its tool's
 * definition (`worksOn`), for the marks the person sees in the page. Pure.
 */
import { findCellId, type WorksOn } from '@jupyter-live-mcp/protocol';

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

/**
 * The arguments for a command that takes whole cell ids (another extension's):
 * each cell-id input (worksOn.cells) given as a start of an id, as the bridge's
 * own answers show ids, becomes the whole id of the one cell of the notebook
 * that it names. Where the page does not hold the notebook (`idsAt` has no
 * ids) or the start names no single cell, the input passes as given and the
 * command answers for it.
 */
export function withWholeCellIds(
  worksOn: WorksOn | undefined,
  args: Record<string, unknown>,
  idsAt: (notebookPath: string) => readonly string[] | undefined
): Record<string, unknown> {
  const notebookPath = worksOn && args[worksOn.notebook];
  if (!worksOn || !Array.isArray(worksOn.cells) || typeof notebookPath !== 'string') {
    return args;
  }
  const ids = idsAt(notebookPath);
  if (!ids) {
    return args;
  }
  const whole = (given: unknown) => {
    const match = typeof given === 'string' ? findCellId(ids, given) : undefined;
    return match && 'id' in match ? match.id : given;
  };
  const resolved = { ...args };
  for (const input of worksOn.cells) {
    const value = args[input];
    if (value !== undefined) {
      resolved[input] = Array.isArray(value) ? value.map(whole) : whole(value);
    }
  }
  return resolved;
}
