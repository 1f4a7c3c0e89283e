/**
 * A tool's input schema as agents are shown it (MCP tools/list, WebMCP). Every
 * tool whose schema lists properties refuses an argument it does not list
 * (SPEC §3.1) and the server's instructions say so once, so such a schema
 * leaves out `additionalProperties: false`; one that lists none keeps it,
 * where it tells a tool that takes nothing from one that takes anything.
 */
import type { ToolDescriptor } from './wire.js';

type InputSchema = ToolDescriptor['inputSchema'];

export function listedInputSchema(schema: InputSchema): InputSchema {
  if (schema.additionalProperties !== false || Object.keys(schema.properties ?? {}).length === 0) {
    return schema;
  }
  const { additionalProperties: _closed, ...listed } = schema;
  return listed;
}
