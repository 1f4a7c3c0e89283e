import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainJsonSchema } from './plain-json-schema.js';

describe('plainJsonSchema', () => {
  it('keeps bounds a schema sets, and a union of types that are not plain', () => {
    const bounded = plainJsonSchema(z.strictObject({ n: z.number().int().min(-5).max(5) }));
    expect(bounded.properties).toEqual({ n: { type: 'integer', minimum: -5, maximum: 5 } });
    expect(plainJsonSchema(z.object({ u: z.union([z.string().min(1), z.boolean()]) })).properties).toEqual({
      u: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'boolean' }] }
    });
  });

  it('lists the variants of a discriminated union as anyOf', () => {
    const variants = z.discriminatedUnion('op', [z.strictObject({ op: z.literal('a') }), z.strictObject({ op: z.literal('b') })]);
    expect(plainJsonSchema(z.strictObject({ v: variants })).properties?.v).toEqual({
      anyOf: [
        { type: 'object', properties: { op: { type: 'string', const: 'a' } }, required: ['op'], additionalProperties: false },
        { type: 'object', properties: { op: { type: 'string', const: 'b' } }, required: ['op'], additionalProperties: false }
      ]
    });
  });
});
