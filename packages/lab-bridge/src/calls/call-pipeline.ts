/**
 * One tool call, from a server or from WebMCP (webmcp/), to its answer, step
 * by step: counted for the status item by its source, run under the pending
 * rules (SPEC §3.2) unless the tool never goes pending; inside them the tool is
 * found, its input checked (SPEC §3.1), the person's gate passed (SPEC §6) and
 * the tool run, its work marked in the page until it ends (SPEC §2.3b) and,
 * for a tool that changes cells, what it changed kept (SPEC §2.5), anything
 * it throws becoming a failure result, and its result copied to
 * plain JSON once; then its pictures are taken out and the result capped.
 * The copy's JSON text goes with the answer while the result stays that copy
 * (no pictures, no cut), so a big result is written once, not three times.
 * What touches the page comes in as CallSteps: nothing here knows JupyterLab.
 */
import { checkInput, fail, type CallAnswer, type PageCallAnswer, type ToolResult } from '@jupyter-live-mcp/protocol';
import type { Caller } from '../changes/caller.js';
import type { BridgeTool } from './bridge-tool.js';
import type { CallContext } from './call-context.js';
import type { RunProgress } from './run-progress.js';
import type { Work } from './work-target.js';

/** Who made a call: an MCP server, or an agent in the browser through WebMCP. */
export type CallSource = 'server' | 'in-page';

/** Runs after the input check and before the tool: a result stops the call. */
export type Gate = (name: string, tool: BridgeTool, args: Record<string, unknown>) => Promise<ToolResult | undefined>;

export interface CallSteps {
  /** The page's tools now: the catalogue may change while a call waits. */
  tools(): ReadonlyMap<string, BridgeTool>;
  /** Counts the call for the status item. */
  count(tool: string, source: CallSource): void;
  /** Runs the call, answering pending if it is slow or opens a dialog (calls/pending-calls); `progress` says how far it has come. */
  goPending(
    tool: string,
    command: string | undefined,
    run: () => Promise<ToolResult>,
    progress: () => RunProgress | undefined
  ): Promise<ToolResult>;
  /** The person's say: paused, or a confirmation (ui/person-control). */
  gate: Gate;
  /** Shows the person what a running call works on (ui/work-marks); the function returned takes the mark away. Never throws. */
  markWork(tool: string, work: Work): () => void;
  /** Marks the cell a call works on now (a run of several cells marks each in turn). Never throws. */
  markCell: CallContext['markCell'];
  /** Runs a call of a tool that changes cells, keeping what it changed in the notebook for the person (the journal). Never throws. */
  keepChanges(
    tool: string,
    notebookPath: string,
    caller: Caller | undefined,
    run: (changesDone: () => Promise<void>) => Promise<ToolResult>
  ): Promise<ToolResult>;
  /** Takes the pictures out of the result (calls/images); `json` is its JSON text. The same result object when it has none. */
  takePictures(result: ToolResult, json: string): Promise<CallAnswer>;
  /** Cuts a result longer than maxResultChars (the same object when it fits); `json`, its JSON text if known. */
  cap(result: ToolResult, json?: string): ToolResult;
}

export function callPipeline(
  steps: CallSteps
): (tool: string, args: Record<string, unknown>, source?: CallSource, caller?: Caller) => Promise<PageCallAnswer> {
  return async (name, args, source = 'server', caller) => {
    steps.count(name, source);
    const { result, json = JSON.stringify(result) } = await underPendingRules(steps, name, args, caller);
    const { result: labelled, images } = await steps.takePictures(result, json);
    const capped = steps.cap(labelled, labelled === result ? json : undefined);
    return { result: capped, images, ...(capped === result ? { resultJson: json } : {}) };
  };
}

/** The call's result, with its JSON text when it is the tool's own (the pending rules may answer another, or add to it). */
async function underPendingRules(
  steps: CallSteps,
  name: string,
  args: Record<string, unknown>,
  caller?: Caller
): Promise<{ result: ToolResult; json?: string }> {
  const tool = steps.tools().get(name);
  const call: CallContext = { tool: name, ...(caller ? { caller } : {}), markCell: steps.markCell };
  let plain: { result: ToolResult; json: string } | undefined;
  const run = async () => {
    plain = await plainOrInternalError(name, () => runTool(steps, call, args));
    return plain.result;
  };
  const result = await (tool?.neverPending ? run() : steps.goPending(name, tool?.commandOf?.(args), run, () => call.progress));
  return result === plain?.result ? plain : { result };
}

/** Finds the tool, checks its input, passes the gate and runs it, its work marked meanwhile (and kept, if it changes cells). */
async function runTool(steps: CallSteps, call: CallContext, args: Record<string, unknown>): Promise<ToolResult> {
  const name = call.tool;
  const tools = steps.tools();
  const tool = tools.get(name);
  if (!tool) {
    return fail('unknown_tool', `This page has no tool "${name}". Its tools are: ${[...tools.keys()].join(', ')}.`);
  }
  const checked = checkInput(name, tool.descriptor.inputSchema, args);
  if (!checked.ok) {
    return fail('bad_input', checked.error);
  }
  const stopped = await steps.gate(name, tool, checked.args);
  if (stopped) {
    return stopped;
  }
  const work = tool.workOf?.(checked.args);
  const unmark = work ? steps.markWork(name, work) : undefined;
  try {
    const run = () => runGuarded(tool, call, checked.args);
    return await (tool.changesCells && work
      ? steps.keepChanges(name, work.notebookPath, call.caller, (changesDone) => {
          call.changesDone = changesDone;
          return run();
        })
      : run());
  } finally {
    unmark?.();
  }
}

/**
 * The call's one catch around its result: copied to plain JSON once, here, so
 * nothing after reads a getter again, and its JSON text kept; a result that
 * cannot be written (a value that turned into a BigInt, more than a string can
 * hold) answers internal_error instead of never answering. The call stays
 * pending until this ends.
 */
async function plainOrInternalError(name: string, run: () => Promise<ToolResult>): Promise<{ result: ToolResult; json: string }> {
  try {
    const json = JSON.stringify(await run());
    // The copy writes back to the same text: JSON.stringify of parsed JSON is that JSON.
    return { result: JSON.parse(json) as ToolResult, json };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failed = fail(
      'internal_error',
      `${name}: the page could not write the tool's result as JSON (${message}), so it is lost; the call itself may have ` +
        'done its work: check its effect (get_context, read_notebook) before you call it again.'
    );
    return { result: failed, json: JSON.stringify(failed) };
  }
}

async function runGuarded(tool: BridgeTool, call: CallContext, args: Record<string, unknown>): Promise<ToolResult> {
  try {
    return await tool.run(args, call);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return fail('command_failed', `${call.tool} failed: ${message}`);
  }
}
