/**
 * One tool call, from a server or from WebMCP (webmcp/), to its answer, step
 * by step: counted for the status item by its source, run under the pending
 * rules (SPEC §3.2) unless the tool never goes pending; inside them the tool is
 * found, its input checked (SPEC §3.1), the person's gate passed (SPEC §6) and
 * the tool run, its work marked in the page until it ends (SPEC §2.3b) and,
 * for a tool that changes cells, what it changed kept (SPEC §2.5), anything
 * it throws becoming a failure result, and its result written as JSON once,
 * as it ends; then its pictures are taken out and the result capped, both on
 * that text. What the tool answered is not read again, and a result parsed
 * back only where a step must look inside: a big read is written once and
 * never copied.
 * What touches the page comes in as CallSteps: nothing here knows JupyterLab.
 */
import { checkInput, fail, type PageCallAnswer, type ToolResult } from '@jupyter-live-mcp/protocol';
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
  /**
   * Runs the call, answering pending if it is slow or opens a dialog (calls/pending-calls); `asFinished` gives
   * its result as plain JSON as it was when it finished, `progress` how far it has come.
   */
  goPending(
    tool: string,
    command: string | undefined,
    run: () => Promise<ToolResult>,
    asFinished: (result: ToolResult) => ToolResult,
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
  /** Takes the pictures out of a result given as its JSON text (calls/images): the same text when it has none. */
  takePictures(json: string): Promise<PageCallAnswer>;
  /** Cuts a result's JSON text longer than maxResultChars: the same text when it fits. */
  cap(json: string): string;
}

export function callPipeline(
  steps: CallSteps
): (tool: string, args: Record<string, unknown>, source?: CallSource, caller?: Caller) => Promise<PageCallAnswer> {
  return async (name, args, source = 'server', caller) => {
    steps.count(name, source);
    const { resultJson, images } = await steps.takePictures(await underPendingRules(steps, name, args, caller));
    return { resultJson: steps.cap(resultJson), images };
  };
}

/** The call's result as JSON text: the tool's own, or the one the pending rules answer instead (pending, or with the dialogs it left open). */
async function underPendingRules(steps: CallSteps, name: string, args: Record<string, unknown>, caller?: Caller): Promise<string> {
  const tool = steps.tools().get(name);
  const call: CallContext = { tool: name, ...(caller ? { caller } : {}), markCell: steps.markCell };
  let own: Written | undefined;
  const run = async () => {
    own = await writtenOrInternalError(name, () => runTool(steps, call, args));
    return own.result;
  };
  // The text written as the tool finished, parsed back: for the pending rules, which keep the result or add the dialogs to it.
  const asFinished = (result: ToolResult) => (result === own?.result ? (JSON.parse(own.json) as ToolResult) : result);
  const result = await (tool?.neverPending ? run() : steps.goPending(name, tool?.commandOf?.(args), run, asFinished, () => call.progress));
  // Another result is the pending rules' own, plain JSON made of what the tool's was as it finished.
  return result === own?.result ? own.json : JSON.stringify(result);
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

/** A result and its JSON text. */
interface Written {
  result: ToolResult;
  json: string;
}

/**
 * The call's one catch around its result: written as JSON once, here, so
 * nothing after reads a getter of what the tool answered again; a result that
 * cannot be written (a value that turned into a BigInt, more than a string can
 * hold) answers internal_error instead of never answering. The call stays
 * pending until this ends.
 */
async function writtenOrInternalError(name: string, run: () => Promise<ToolResult>): Promise<Written> {
  try {
    const result = await run();
    const json: string | undefined = JSON.stringify(result);
    if (json === undefined) {
      throw new TypeError('it is not a JSON value');
    }
    return { result, json };
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
