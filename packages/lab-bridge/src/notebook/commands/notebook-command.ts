/**
 * How a notebook, file or kernel command of the bridge is registered: it
 * declares the JSON Schema of its zod input (`describedBy`), checks its
 * arguments against that input itself (execute_command passes them unchecked),
 * and answers in the result protocol, with its own failure codes.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { ReadonlyJSONObject } from '@lumino/coreutils';
import {
  BRIDGE_COMMANDS,
  DEFAULT_TOOLS,
  NOTEBOOK_COMMAND_INPUTS,
  UI_ONLY_ARGUMENTS,
  fail,
  notebookCommandSchema,
  parseInput,
  type NotebookCommand,
  type NotebookCommandInput,
  type ToolResult
} from '@jupyter-live-mcp/protocol';
import { CommandFailure } from './command-failure.js';

export type NotebookCommandRun<K extends NotebookCommand> = (args: NotebookCommandInput<K>, tool: string) => Promise<ToolResult>;

export function addNotebookCommand<K extends NotebookCommand>(
  app: JupyterFrontEnd,
  key: K,
  label: string,
  run: NotebookCommandRun<K>
): void {
  const id = BRIDGE_COMMANDS[key];
  // Messages name the tool that runs the command, which is how the agent knows it.
  const tool = DEFAULT_TOOLS.find((candidate) => candidate.command === id)?.name ?? id;
  const schema = notebookCommandSchema(key);
  app.commands.addCommand(id, {
    label: `${label} (agent bridge)`,
    describedBy: { args: schema as unknown as ReadonlyJSONObject },
    execute: async (raw) => {
      const args = Object.fromEntries(Object.entries(raw).filter(([name]) => !UI_ONLY_ARGUMENTS.includes(name)));
      const parsed = parseInput(tool, NOTEBOOK_COMMAND_INPUTS[key], args);
      if (!parsed.ok) {
        return fail('bad_input', parsed.error);
      }
      try {
        return await run(parsed.args as NotebookCommandInput<K>, tool);
      } catch (error) {
        if (error instanceof CommandFailure) {
          return fail(error.code, error.message, error.details);
        }
        throw error;
      }
    }
  });
}
