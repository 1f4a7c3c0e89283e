/**
 * Runs one JupyterLab command and answers in the result protocol. Every path
 * that runs a command goes through here, so blockedCommands holds on all of
 * them.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import { fail, type ToolResult } from '@jupyter-live-mcp/protocol';
import { resultOfCommand } from '../calls/command-result.js';

/**
 * What the page may do instead of running a command: the value the command
 * would answer, or undefined to run it.
 */
export type CommandShortcut = (args: Record<string, unknown>) => unknown;

export async function runCommand(
  app: JupyterFrontEnd,
  isBlocked: (id: string) => boolean,
  /** The tool that runs it, named in errors. */
  tool: string,
  commandId: string,
  args: Record<string, unknown>,
  shortcut?: CommandShortcut
): Promise<ToolResult> {
  if (isBlocked(commandId)) {
    return fail(
      'blocked_command',
      `${tool}: the command "${commandId}" is blocked by the page's blockedCommands setting, so it was not run. Only the person can change that setting.`
    );
  }
  if (!app.commands.hasCommand(commandId)) {
    return fail(
      'unknown_command',
      `${tool}: this page has no command "${commandId}". Call list_all_commands with a query (e.g. part of the id or label) to find the right id.`
    );
  }
  const instead = shortcut?.(args);
  if (instead !== undefined) {
    return resultOfCommand(commandId, instead);
  }
  let value: unknown;
  try {
    value = await app.commands.execute(commandId, args as never);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return fail('command_failed', `${tool}: the command "${commandId}" failed: ${message}`);
  }
  return resultOfCommand(commandId, value);
}
