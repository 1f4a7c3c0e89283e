/**
 * How a command-backed tool's schema is made from its command's own
 * `describedBy` schema (SPEC §2.2, §2.3): only the inputs shown, requiredness
 * raised, fixed arguments hidden (and always passed), no other arguments
 * allowed. Pure.
 */
import {
  UI_ONLY_ARGUMENTS,
  type NotebookToolDeclaration,
  type ToolDescriptor,
  type ToolHints,
  type WorksOn
} from '@jupyter-live-mcp/protocol';

/** A command-backed tool before its command's schema is known. */
export interface CommandToolSpec {
  name: string;
  title?: string;
  description: string;
  command: string;
  hints: ToolHints;
  /** Inputs shown; undefined means every input the command declares. */
  inputs?: readonly string[];
  required: readonly string[];
  fixedArgs: Readonly<Record<string, unknown>>;
  /** Used when the command declares no schema (default tools know their inputs). */
  fallbackProperties?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** What a call works on, marked in the page (default tools that edit or run cells). */
  worksOn?: WorksOn;
  /** The bridge's own command it runs (a default tool's), whose run is called directly. */
  declaration?: NotebookToolDeclaration;
}

/** A command-backed tool ready to run. */
export interface CommandTool {
  descriptor: ToolDescriptor;
  fixedArgs: Readonly<Record<string, unknown>>;
  worksOn?: WorksOn;
  declaration?: NotebookToolDeclaration;
}

type Properties = Record<string, Record<string, unknown>>;

/**
 * A non-schema `describedBy` (older jupyterlab-ai-commands used
 * `{name: {description}}`) counts as no schema.
 */
export function schemaProperties(described: unknown): Properties | undefined {
  const schema = described as { type?: unknown; properties?: unknown } | null | undefined;
  if (schema?.type !== 'object' || typeof schema.properties !== 'object' || schema.properties === null) {
    return undefined;
  }
  return schema.properties as Properties;
}

/**
 * The inputs and required names of a settings tool that its command's schema
 * does not declare: a typo there would otherwise drop the input, or its
 * requiredness, without a word. None when the command declares no schema.
 */
export function undeclaredInputs(spec: CommandToolSpec, described: unknown): string[] {
  const declared = schemaProperties(described);
  if (!declared) {
    return [];
  }
  return [...new Set([...(spec.inputs ?? []), ...spec.required])].filter((name) => !Object.hasOwn(declared, name));
}

export function commandTool(spec: CommandToolSpec, described: unknown): CommandTool {
  const declared = schemaProperties(described);
  const declaredRequired = Array.isArray((described as { required?: unknown })?.required)
    ? (described as { required: string[] }).required
    : [];
  const available: Properties = declared ?? { ...(spec.fallbackProperties as Properties | undefined) };
  const hidden = new Set([...Object.keys(spec.fixedArgs), ...UI_ONLY_ARGUMENTS]);
  const names = (spec.inputs ?? Object.keys(available)).filter((name) => !hidden.has(name));

  const properties: Properties = {};
  for (const name of names) {
    // A settings tool may list an input the command does not describe: shown untyped.
    const property = available[name] ?? (declared || spec.fallbackProperties ? undefined : {});
    if (property) {
      properties[name] = property;
    }
  }
  const required = [...new Set([...declaredRequired, ...spec.required])].filter((name) => name in properties);
  // With nothing declared and no inputs listed, the command takes what it is given.
  const open = !declared && !spec.fallbackProperties && spec.inputs === undefined;
  return {
    descriptor: {
      name: spec.name,
      ...(spec.title ? { title: spec.title } : {}),
      description: spec.description,
      command: spec.command,
      hints: spec.hints,
      inputSchema: {
        type: 'object',
        properties,
        ...(required.length ? { required } : {}),
        ...(open ? {} : { additionalProperties: false })
      }
    },
    fixedArgs: spec.fixedArgs,
    ...(spec.worksOn ? { worksOn: spec.worksOn } : {}),
    ...(spec.declaration ? { declaration: spec.declaration } : {})
  };
}
