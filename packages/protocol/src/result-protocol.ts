/**
 * The result protocol (SPEC §3.2): every tool result is one JSON object with a
 * boolean `success`. A failure always has an `error` written for the agent (what
 * went wrong and what to do) and a stable machine word in `code`.
 */
import type { ToolFailure, ToolSuccess } from './result-schema.js';

/** Stable failure codes. Agents and tests match on these; never rename one. */
export const RESULT_CODES = [
  /** The tool's arguments are wrong; `error` names the argument and what is accepted. */
  'bad_input',
  /** No tool of that name on the page, or a declared extension tool whose handler went away. */
  'unknown_tool',
  /** The page has no command of that id: the one `execute_command` named, or a command-backed tool's. */
  'unknown_command',
  /** The command is in the page's `blockedCommands` setting. */
  'blocked_command',
  /** The command ran and threw, or returned `success: false`. */
  'command_failed',
  /** No page is connected to the server. */
  'no_page',
  /** The page went away while the call was running. */
  'page_disconnected',
  /** `wait_for_result` was given an id the page does not know. */
  'unknown_pending',
  /** The person denied the call in the page's confirmation dialog. */
  'denied_by_user',
  /** The person paused agent control from the page's status bar. */
  'paused',
  /**
   * A fault in the bridge or the server itself, not in the call; also a tool's result the page could not write as
   * JSON (a value that changed into something else, or too large): `error` names the tool, which may have done its work.
   */
  'internal_error',
  /** A path or a cell that does not exist; `error` names it and the tool that lists or creates such things. */
  'not_found',
  /** A file the call was to create exists already; nothing was changed. */
  'already_exists',
  /** The code ran and raised an exception: the cell's (or code's) outcome, not a broken call; `ename`, `evalue`, `traceback` say what. */
  'cell_error',
  /** The notebook or kernel has no running kernel to run code; `error` names the kernelspecs and how to start one. */
  'no_kernel',
  /** The code asked for input (input()), which an agent cannot type; the run was stopped. */
  'kernel_input',
  /** The kernel did not run the code to its end: it aborted the request, restarted or died meanwhile, or the page's connection to it closed for good. */
  'execution_aborted',
  /** The file changed on disk since the page read it; saving would have overwritten that. */
  'save_conflict',
  /**
   * The call would have changed cells someone else changed since this agent last read or wrote them, or that the
   * person is typing in; nothing was changed. `conflicts` gives each cell's current source and revision.
   */
  'conflict'
] as const;

export type ResultCode = (typeof RESULT_CODES)[number];

export function succeed(fields: Record<string, unknown> = {}): ToolSuccess {
  return { ...fields, success: true };
}

export function fail(code: ResultCode, error: string, details: Record<string, unknown> = {}): ToolFailure {
  return { ...details, success: false, error, code };
}
