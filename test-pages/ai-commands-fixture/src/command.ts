import type { CommandRegistry } from '@lumino/commands';
import type { ReadonlyJSONObject } from '@lumino/coreutils';

export const PREFIX = 'jupyterlab-ai-commands:';

/**
 * One argument as jupyterlab-ai-commands 0.4 describes it: a type and a
 * description, defaults only mentioned in the description text.
 */
export interface ArgSchema {
  type: 'string' | 'boolean';
  description: string;
  enum?: string[];
}

export interface CommandSpec<A> {
  /** The id without the `jupyterlab-ai-commands:` prefix. */
  name: string;
  label: string;
  caption: string;
  properties: Record<string, ArgSchema>;
  required?: string[];
  execute: (args: A) => Promise<unknown>;
}

export const BACKGROUND: ArgSchema = {
  type: 'boolean',
  description:
    'Whether to avoid activating the document widget so as not to disturb the user (default: true)'
};

export const NOTEBOOK_PATH: ArgSchema = {
  type: 'string',
  description: 'Path to the notebook file. If not provided, uses the currently active notebook'
};

export const CREATE_WIDGET: ArgSchema = {
  type: 'boolean',
  description:
    'Whether to open the document widget if it is not opened. Default to false to avoid unnecessary disruption'
};

/**
 * Registers a command the way the real package does. `A` is the shape callers
 * are documented to send; nothing checks it at run time, as in the original.
 */
export function addAiCommand<A>(commands: CommandRegistry, spec: CommandSpec<A>): void {
  const args = {
    type: 'object',
    properties: { ...spec.properties },
    ...(spec.required ? { required: spec.required } : {})
  };
  commands.addCommand(PREFIX + spec.name, {
    label: spec.label,
    caption: spec.caption,
    describedBy: { args: args as unknown as ReadonlyJSONObject },
    execute: (raw) => spec.execute(raw as unknown as A)
  });
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
