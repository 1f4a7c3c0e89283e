import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { plainJsonSchema } from './plain-json-schema.js';

describe('plainJsonSchema', () => {
  it('keeps bounds a schema sets, and a union of types that are not plain', () => {
    const bounded = plainJsonSchema(z.strictObject({ n: z.int().check(z.gte(-5), z.lte(5)) }));
    expect(bounded.properties).toEqual({ n: { type: 'integer', minimum: -5, maximum: 5 } });
    expect(plainJsonSchema(z.object({ u: z.union([z.string().check(z.minLength(2)), z.boolean()]) })).properties).toEqual({
      u: { anyOf: [{ type: 'string', minLength: 2 }, { type: 'boolean' }] }
    });
  });

  it('leaves out a minLength of 1, at any depth: the zod check refuses a blank string all the same', () => {
    const input = z.strictObject({
      id: z.string().check(z.minLength(1)),
      ids: z.array(z.string().check(z.minLength(1))),
      tag: z.string().check(z.minLength(3))
    });
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
  it('is the whole input schema, without the dialect marker, and with a defaulted input optional (the input, not the output)', () => {
    const input = z.strictObject({ path: z.string(), save: z._default(z.boolean(), true).check(z.describe('Save after.')) });
    expect(plainJsonSchema(input)).toEqual({
      type: 'object',
      properties: { path: { type: 'string' }, save: { type: 'boolean', default: true, description: 'Save after.' } },
      required: ['path'],
      additionalProperties: false
    });
    expect(plainJsonSchema(z.object({}))).toEqual({ type: 'object', properties: {} });
  });

  it('leaves out the safe-integer bounds zod adds to every integer, and keeps each bound a schema sets', () => {
    const input = z.strictObject({ any: z.int(), low: z.int().check(z.gte(0)), high: z.int().check(z.lte(9)), real: z.number() });
    expect(plainJsonSchema(input).properties).toEqual({
      any: { type: 'integer' },
      low: { type: 'integer', minimum: 0 },
      high: { type: 'integer', maximum: 9 },
      real: { type: 'number' }
    });
  });

  it('lists a union of plain types as one type list, and any other union as anyOf, with its description', () => {
    const input = z.strictObject({
      plain: z.union([z.string(), z.int(), z.null()]).check(z.describe('A label or an index.')),
      described: z.union([z.string().check(z.describe('A label.')), z.number()]),
      nested: z.union([z.union([z.string(), z.int()]), z.boolean()])
    });
    expect(plainJsonSchema(input).properties).toEqual({
      plain: { type: ['string', 'integer', 'null'], description: 'A label or an index.' },
      described: { anyOf: [{ type: 'string', description: 'A label.' }, { type: 'number' }] },
      nested: { anyOf: [{ type: ['string', 'integer'] }, { type: 'boolean' }] }
    });
  });

  it('lists an object of any keys and values as just type object, and keeps what narrows one', () => {
    const input = z.strictObject({
      args: z.record(z.string(), z.unknown()),
      counts: z.record(z.string(), z.number()),
      named: z.record(z.string().check(z.minLength(2)), z.unknown()),
      none: z.strictObject({}),
      loose: z.looseObject({ a: z.string() })
    });
    expect(plainJsonSchema(input).properties).toEqual({
      args: { type: 'object' },
      counts: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'number' } },
      named: { type: 'object', propertyNames: { type: 'string', minLength: 2 }, additionalProperties: {} },
      none: { type: 'object', properties: {}, additionalProperties: false },
      loose: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: {} }
    });
  });
});
