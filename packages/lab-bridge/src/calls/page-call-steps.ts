/**
 * The steps of a call in this page (call-pipeline.ts's CallSteps), each a
 * named function over the part that does it: the status model counts it, the
 * pending calls hold it, the person's control gates it, the work marks show
 * what it works on, the journal keeps what it changed, its pictures are
 * attached and its result capped by the settings of the moment. The parts
 * come in by what they do, so nothing here knows JupyterLab.
 */
import { capResult, type BridgeSettings, type ToolHints, type ToolResult } from '@jupyter-live-mcp/protocol';
import type { BridgeTool } from './bridge-tool.js';
import type { CallSource, CallSteps } from './call-pipeline.js';
import type { DialogWatch } from './dialogs.js';
import { attachImages } from './images/attach-images.js';
import type { PendingCalls } from './pending-calls.js';
import { shownAfter } from './shown-after.js';
import type { Work } from './work-target.js';

export interface PageCallParts {
  tools(): ReadonlyMap<string, BridgeTool>;
  /** The status bar's model (ui/status-model). */
  status: {
    countCall(tool: string, source: CallSource): void;
    showWork(call: { tool: string; notebookPath: string }): () => void;
  };
  pending: Pick<PendingCalls, 'run'>;
  /** The page's dialogs (jupyterlab/dialog-watcher). */
  dialogs: { watch(): DialogWatch };
  /** The person's pause and confirmation (ui/person-control). */
  person: { gate(tool: string, hints: ToolHints, args: Record<string, unknown>, needsApproval?: boolean): Promise<ToolResult | undefined> };
  /** The marks of the agent's work in the notebooks (ui/work-marks); none without notebook tools. */
  marks: { mark(work: Work): () => void } | undefined;
  settings(): Pick<BridgeSettings, 'maxImageSide' | 'maxResultChars'>;
  /** The journal of the agent's changes (notebook/journal); none without notebook tools. */
  journal:
    | { record(tool: string, notebookPath: string, agent: string, run: Parameters<CallSteps['keepChanges']>[3]): Promise<ToolResult> }
    | undefined;
}

export function pageCallSteps(parts: PageCallParts): CallSteps {
  return {
    tools: () => parts.tools(),
    count: (tool, source) => parts.status.countCall(tool, source),
    goPending: (tool, command, run, asFinished, progress) =>
      parts.pending.run(tool, command, parts.dialogs.watch(), run, asFinished, progress),
    gate: (name, tool, args) => parts.person.gate(name, tool.descriptor.hints, args, tool.needsApproval),
    markWork: (tool, work) => markWork(parts, tool, work),
    markCell: (notebookPath, cellId) => markCell(parts.marks, notebookPath, cellId),
    keepChanges: (tool, notebookPath, caller, run) =>
      parts.journal?.record(tool, notebookPath, caller?.label ?? 'agent', run) ?? run(async () => undefined),
    takePictures: (json) => attachImages(json, parts.settings().maxImageSide),
    cap: (json) => cappedJson(json, parts.settings().maxResultChars)
  };
}

/** A result's JSON text within `maxChars`: the same text when it fits, else the result parsed, cut (capResult) and written again. */
function cappedJson(json: string, maxChars: number): string {
  return json.length <= maxChars ? json : JSON.stringify(capResult(JSON.parse(json) as ToolResult, maxChars, json));
}

/** The call's notebook (and cells) marked, and named in the status bar, once it has lasted a moment. */
function markWork({ marks, status }: Pick<PageCallParts, 'marks' | 'status'>, tool: string, work: Work): () => void {
  return shownAfter(() => {
    const unmark = marks?.mark(work);
    const unnamed = status.showWork({ tool, notebookPath: work.notebookPath });
    return () => {
      unmark?.();
      unnamed();
    };
  });
}

/** The cell a call runs now marked, once it has run a moment. */
export function markCell(marks: PageCallParts['marks'], notebookPath: string, cellId: string): () => void {
  return shownAfter(() => marks?.mark({ action: 'running', notebookPath, cellIds: [cellId] }) ?? (() => undefined));
}

/** A call's answer, held while the page unloads (unload-hold.ts) so it is not lost with the socket. */
export function heldAnswers<A extends unknown[], T>(call: (...args: A) => Promise<T>, hold: <U>(answer: U) => Promise<U>) {
  return async (...args: A): Promise<T> => hold(await call(...args));
}
