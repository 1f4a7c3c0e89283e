/**
 * A command tool's listing (SPEC §2.2, §2.3), made from its command's own
 * `describedBy` schema: only the inputs shown, requiredness raised, fixed
 * arguments hidden (and always passed), no other arguments allowed. The same
 * function lists a default tool before any page has connected (no command
 * schema known: its own `properties`). Pure.
 */
import { UI_ONLY_ARGUMENTS } from './input-checks.js';
import type { CommandTool } from './tool-listing.js';
import type { InputProperties } from './wire.js';
import type { ToolDescriptor } from './page-messages.js';

/**
 * The inputs a command's `describedBy` declares; a non-schema `describedBy`
 * (older jupyterlab-ai-commands used `{name: {description}}`) counts as no schema.
 */
export function schemaProperties(described: unknown): InputProperties | undefined {
  const schema = described as { type?: unknown; properties?: unknown } | null | undefined;
  if (schema?.type !== 'object' || typeof schema.properties !== 'object' || schema.properties === null) {
    return undefined;
  }
  return schema.properties as InputProperties;
}

/** The tool as the agent sees it, given its command's `describedBy` schema (none: undefined or null). */
export function commandToolDescriptor(tool: CommandTool, described?: unknown): ToolDescriptor {
  const declared = schemaProperties(described);
  const declaredRequired = Array.isArray((described as { required?: unknown } | null | undefined)?.required)
    ? (described as { required: string[] }).required
    : // Stryker disable next-line ArrayDeclaration: a name that is no shown input is filtered out of required below
      [];
  const available: InputProperties = declared ?? { ...tool.properties };
  const hidden = new Set([...Object.keys(tool.fixedArgs), ...UI_ONLY_ARGUMENTS]);
  const shown = tool.inputs ?? (tool.properties && Object.keys(tool.properties)) ?? Object.keys(available);
  const properties: InputProperties = {};
  for (const name of shown.filter((input) => !hidden.has(input))) {
    // A settings tool may list an input the command does not describe: shown untyped.
    const property = available[name] ?? (declared || tool.properties ? undefined : {});
    if (property) {
      properties[name] = property;
    }
  }
  const required = [...new Set([...declaredRequired, ...tool.required])].filter((name) => name in properties);
  // With nothing declared and no inputs listed, the command takes what it is given.
  const open = !declared && !tool.properties && tool.inputs === undefined;
  return {
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description,
    command: tool.command,
    hints: tool.hints,
    inputSchema: {
      type: 'object',
      properties,
      ...(required.length ? { required } : {}),
      ...(open ? {} : { additionalProperties: false })
    }
  };
}
