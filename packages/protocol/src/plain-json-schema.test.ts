import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainJsonSchema } from './plain-json-schema.js';

describe('plainJsonSchema', () => {
  it('keeps bounds a schema sets, and a union of types that are not plain', () => {
    const bounded = plainJsonSchema(z.strictObject({ n: z.number().int().min(-5).max(5) }));
    expect(bounded.properties).toEqual({ n: { type: 'integer', minimum: -5, maximum: 5 } });
    expect(plainJsonSchema(z.object({ u: z.union([z.string().min(2), z.boolean()]) })).properties).toEqual({
      u: { anyOf: [{ type: 'string', minLength: 2 }, { type: 'boolean' }] }
    });
  });

  it('leaves out a minLength of 1, at any depth: the zod check refuses a blank string all the same', () => {
    const input = z.strictObject({ id: z.string().min(1), ids: z.array(z.string().min(1)), tag: z.string().min(3) });
    expect(plainJsonSchema(input).properties).toEqual({
      id: { type: 'string' },
      ids: { type: 'array', items: { type: 'string' } },
      tag: { type: 'string', minLength: 3 }
    });
    expect(input.safeParse({ id: '', ids: [], tag: 'abc' }).success).toBe(false);
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
