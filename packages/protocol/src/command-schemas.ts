/**
 * The JSON Schema each of the bridge's own commands declares (`describedBy`),
 * derived from its zod input, so the catalogue reads it as it reads any
 * command's, and the default tools list the same schema before a page has
 * connected.
 */
import { INPUT_SCHEMAS } from './input-schemas.js';
import type { InputSchema } from './wire.js';

/**
 * The JSON Schema of a command's input, as its `describedBy` declares it:
 * written at build time from its zod input (input-schemas.ts).
 */
export function commandArgsSchema({ command }: { command: string }): InputSchema {
  const schemas: Record<string, InputSchema> = INPUT_SCHEMAS;
  const schema = Object.hasOwn(schemas, command) ? schemas[command] : undefined;
  if (!schema) {
    throw new Error(`${command} has no input schema written: name it in schema-sources.ts and build the protocol.`);
  }
  return schema;
}
