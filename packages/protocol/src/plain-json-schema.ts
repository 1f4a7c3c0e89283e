/**
 * zod inputs as the JSON Schema the project lists (SPEC §3.1): one converter for
 * every input defined in zod.
 */
import * as z from 'zod/mini';
import { inputSchemaSchema, type InputSchema } from './wire.js';

/**
 * The JSON Schema of what a zod object accepts, in the plain form the input
 * checks (SPEC §3.1, which read `type`), MCP clients and JupyterLab's settings
 * editor read: the built-in tools' and the bridge commands' inputs, and the settings.
 */
export function plainJsonSchema(input: z.ZodMiniObject): InputSchema {
  // The dialect marker is noise in a tool's or a command's description.
  const { $schema: _dialect, properties, ...schema } = z.toJSONSchema(input, { io: 'input', override: plainNode });
  return inputSchemaSchema.parse({
    ...schema,
    properties: Object.fromEntries(Object.entries(properties ?? {}).map(([name, property]) => [name, plainProperty(property)]))
  });
}

/**
 * One property as plain JSON Schema: without the safe-integer bounds zod adds to
 * every integer, a union of plain types as one `type` list, and an object of any
 * keys as just `type: "object"`.
 */
function plainProperty(property: z.core.JSONSchema._JSONSchema): Record<string, unknown> {
  if (typeof property === 'boolean') {
    return {};
  }
  const { anyOf, ...rest } = property;
  const out: Record<string, unknown> = { ...rest };
  if (out.minimum === Number.MIN_SAFE_INTEGER) {
    delete out.minimum;
  }
  if (out.maximum === Number.MAX_SAFE_INTEGER) {
    delete out.maximum;
  }
  // Only a record has propertyNames (and never properties): one of any string key and any value.
  if (isEmpty(out.additionalProperties) && isStringKeys(out.propertyNames)) {
    delete out.additionalProperties;
    delete out.propertyNames;
  }
  if (anyOf) {
    const members = anyOf.map(plainProperty);
    if (!members.every((member) => typeof member.type === 'string' && Object.keys(member).length === 1)) {
      return { ...out, anyOf: members };
    }
    out.type = members.map((member) => member.type);
  }
  return out;
}

function isEmpty(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

function isStringKeys(value: unknown): boolean {
  return JSON.stringify(value) === '{"type":"string"}';
}

/**
 * Variants (a discriminated union) as anyOf: their constants keep them apart all
 * the same, and more MCP clients (and the models behind them) take anyOf than
 * oneOf. A string's minLength of 1 is left out: the zod check refuses a blank
 * string all the same, and an agent reads each tool's schema at every session start.
 */
function plainNode({ jsonSchema }: { jsonSchema: z.core.JSONSchema.BaseSchema }): void {
  if (jsonSchema.oneOf) {
    jsonSchema.anyOf = jsonSchema.oneOf;
    delete jsonSchema.oneOf;
  }
  // Only a string has a minLength.
  if (jsonSchema.minLength === 1) {
    delete jsonSchema.minLength;
  }
}
