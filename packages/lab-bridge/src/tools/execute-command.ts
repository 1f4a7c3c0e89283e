/**
 * `execute_command` (SPEC §2.1): runs one JupyterLab command by id.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import { fail, type ToolResult } from '@jupyter-live-mcp/protocol';
import { runCommand, type CommandShortcut } from '../jupyterlab/run-command.js';
import type { BridgeTool } from '../calls/bridge-tool.js';
import { findMainAreaWidget } from '../jupyterlab/main-area.js';
import { defineBuiltInTool } from './built-in-tool.js';

const TARGETING_ARGUMENTS = ['semanticWidget', 'widgetId'] as const;

/**
 * Only notebook and console commands understand `semanticWidget`/`widgetId`.
 * Any other command (a menu command that runs them, say) would ignore them and
 * act on the active document, which is not what the agent asked for; and a
 * widget id that names no open widget would do the same.
 */
export function checkWidgetTargeting(
  commandId: string,
  args: Record<string, unknown>,
  widgetExists: (id: string) => boolean
): string | undefined {
  for (const name of TARGETING_ARGUMENTS) {
    if (!(name in args)) {
      continue;
    }
    if (!commandId.startsWith('notebook:') && !commandId.startsWith('console:')) {
      return (
        `execute_command: "${name}" is only for notebook:* and console:* commands, and "${commandId}" is neither, ` +
        `so it would act on the active document instead. Run the notebook:* or console:* command itself, ` +
        `or leave out "${name}".`
      );
    }
    const id = args[name];
    if (typeof id !== 'string' || id === '') {
      return `execute_command: args.${name} must be a widget id string from get_context's widgets.`;
    }
    if (!widgetExists(id)) {
      return `execute_command: args.${name} is "${id}", but no open widget has that id. Call get_context for the ids of the open widgets.`;
    }
  }
  return undefined;
}

/** What execute_command asks the catalogue about a command. */
export interface CommandRules {
  isBlocked(commandId: string): boolean;
  shortcutFor(commandId: string): CommandShortcut | undefined;
}

export function executeCommandTool(app: JupyterFrontEnd, rules: CommandRules): BridgeTool {
  return defineBuiltInTool('execute_command', {
    commandOf: (input) => (typeof input.commandId === 'string' ? input.commandId : undefined),
    async run(input): Promise<ToolResult> {
      const { commandId, args = {} } = input;
      const targeting = checkWidgetTargeting(commandId, args, (id) => findMainAreaWidget(app, id) !== undefined);
      if (targeting && app.commands.hasCommand(commandId) && !rules.isBlocked(commandId)) {
        return fail('bad_input', targeting);
      }
      return runCommand(app, (id) => rules.isBlocked(id), 'execute_command', commandId, args, rules.shortcutFor(commandId));
    }
  });
}
