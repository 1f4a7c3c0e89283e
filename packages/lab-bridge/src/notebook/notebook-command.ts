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
  type NotebookCommand,
  type NotebookCommandInput,
  type ToolResult
} from '@jupyter-live-mcp/protocol';
import type { z } from 'zod';
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
      const parsed = NOTEBOOK_COMMAND_INPUTS[key].safeParse(args);
      if (!parsed.success) {
        return fail('bad_input', describeIssue(tool, Object.keys(schema.properties), args, parsed.error));
      }
      try {
        return await run(parsed.data as NotebookCommandInput<K>, tool);
      } catch (error) {
        if (error instanceof CommandFailure) {
          return fail(error.code, error.message, error.details);
        }
        throw error;
      }
    }
  });
}

/** The first thing wrong with the arguments, said as the tools' own input checks say it; a field inside one as edits[2].cellId. */
export function describeIssue(tool: string, accepted: readonly string[], args: Record<string, unknown>, error: z.ZodError): string {
  const issue = error.issues[0]!;
  const acceptedList = `Accepted arguments: ${accepted.join(', ')}.`;
  const name = issue.path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');
  if (issue.code === 'unrecognized_keys') {
    return name
      ? `${tool}: argument "${name}" has an unknown field "${issue.keys[0]}" (the tool's input schema lists the fields it takes).`
      : `${tool}: unknown argument "${issue.keys[0]}". ${acceptedList}`;
  }
  if (!name) {
    return `${tool}: ${issue.message}.`;
  }
  if (issue.code === 'invalid_type' && valueAt(args, issue.path) === undefined) {
    return issue.path.length === 1 ? `${tool}: missing required argument "${name}". ${acceptedList}` : `${tool}: "${name}" is missing.`;
  }
  return `${tool}: argument "${name}": ${issue.message}.`;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (at, part) => (at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[part] : undefined),
    value
  );
}
