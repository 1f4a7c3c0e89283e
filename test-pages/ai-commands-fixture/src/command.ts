import type { CommandRegistry } from '@lumino/commands';
import type { ReadonlyJSONObject, ReadonlyPartialJSONObject } from '@lumino/coreutils';

export const PREFIX = 'jupyterlab-ai-commands:';

/**
 * The real releases whose shapes the fixture takes (its `release` setting), as
 * /work notes on jupyterlab-ai-commands describe them:
 * * 0.4: every command below, arguments as JSON schema, cells by id;
 * * 0.3.1 (what `pip install` gives): no get-notebook-content, and no
 *   createWidget: reading a closed document opens it;
 * * 0.1: no get-notebook-content nor execute-in-kernel, arguments described as
 *   `{name: {description}}` (no JSON schema) and cells by index: a cellId is
 *   ignored, so the active cell is used.
 */
export const RELEASES = ['0.4', '0.3.1', '0.1'] as const;
export type Release = (typeof RELEASES)[number];

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
  /** The first release that has the command (default: all). */
  since?: Release;
  execute: (args: A) => Promise<unknown>;
}

export const BACKGROUND: ArgSchema = {
  type: 'boolean',
  description: 'Whether to avoid activating the document widget so as not to disturb the user (default: true)'
};

export const NOTEBOOK_PATH: ArgSchema = {
  type: 'string',
  description: 'Path to the notebook file. If not provided, uses the currently active notebook'
};

export const CREATE_WIDGET: ArgSchema = {
  type: 'boolean',
  description: 'Whether to open the document widget if it is not opened. Default to false to avoid unnecessary disruption'
};

/** Where the commands go, in the shape of one release. */
export interface AiCommands {
  commands: CommandRegistry;
  release: Release;
}

const CELL_ID_ARGUMENTS = ['cellId', 'referenceCellId'];

/**
 * Registers a command the way the given release does. `A` is the shape callers
 * are documented to send; nothing checks it at run time, as in the original.
 */
export function addAiCommand<A>({ commands, release }: AiCommands, spec: CommandSpec<A>): void {
  // RELEASES lists the newest first.
  if (spec.since && RELEASES.indexOf(spec.since) < RELEASES.indexOf(release)) {
    return;
  }
  const { createWidget: _createWidget, ...withoutCreateWidget } = spec.properties;
  const properties = release === '0.4' ? spec.properties : withoutCreateWidget;
  const args =
    release === '0.1'
      ? Object.fromEntries(
          Object.entries(properties)
            .filter(([name]) => !CELL_ID_ARGUMENTS.includes(name))
            .map(([name, property]) => [name, { description: property.description }])
        )
      : { type: 'object', properties, ...(spec.required ? { required: spec.required } : {}) };
  commands.addCommand(PREFIX + spec.name, {
    label: spec.label,
    caption: spec.caption,
    describedBy: { args: args as unknown as ReadonlyJSONObject },
    execute: (raw) => spec.execute(inRelease(release, raw) as unknown as A)
  });
}

/** The arguments as the release's own code would act on them. */
function inRelease(release: Release, raw: ReadonlyPartialJSONObject): Record<string, unknown> {
  if (release === '0.4') {
    return raw;
  }
  if (release === '0.3.1') {
    return { ...raw, createWidget: true };
  }
  return Object.fromEntries(Object.entries(raw).filter(([name]) => !CELL_ID_ARGUMENTS.includes(name)));
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
