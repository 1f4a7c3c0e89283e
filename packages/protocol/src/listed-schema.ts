/**
 * A tool's input schema as agents are shown it (MCP tools/list, WebMCP). Every
 * tool whose schema lists properties refuses an argument it does not list
 * (SPEC §3.1) and the server's instructions say so once, so such a schema
 * leaves out `additionalProperties: false`, and so do the object schemas in
 * it (edit_notebook's edits); one that lists none keeps it, where it tells a
 * tool that takes nothing from one that takes anything.
 */
import type { ToolDescriptor } from './page-messages.js';

type InputSchema = ToolDescriptor['inputSchema'];
type JsonSchema = { [keyword: string]: unknown; properties?: Record<string, unknown>; items?: unknown; additionalProperties?: unknown };

export function listedInputSchema(schema: InputSchema): InputSchema {
  return listed(schema) as InputSchema;
}

/** The schema and the schemas of its properties and array items, each as listed (a boolean or tuple schema as it is). */
function listed(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return schema;
  }
  const { additionalProperties, properties, items, ...rest } = schema as JsonSchema;
  const closedWithProperties = additionalProperties === false && Object.keys(properties ?? {}).length > 0;
  return {
    ...rest,
    ...(properties ? { properties: Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, listed(value)])) } : {}),
    ...(items ? { items: listed(items) } : {}),
    ...(additionalProperties !== undefined && !closedWithProperties ? { additionalProperties } : {})
  };
}
