import { describe, expect, it } from 'vitest';
import { checkInput } from './input-checks.js';
import { listedInputSchema } from './listed-schema.js';

describe('listedInputSchema', () => {
  const closed = { type: 'object' as const, properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false };

  it('leaves out additionalProperties: false where properties are listed, which the checks refuse others of all the same', () => {
    expect(listedInputSchema(closed)).toEqual({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] });
    expect(checkInput('t', listedInputSchema(closed), { path: 'a', paht: 'b' })).toMatchObject({ ok: false });
  });

  it('keeps it on a schema with no properties: a tool that takes nothing is not one that takes anything', () => {
    const none = { type: 'object' as const, properties: {}, additionalProperties: false };
    expect(listedInputSchema(none)).toEqual(none);
    const open = { type: 'object' as const, properties: {} };
    expect(checkInput('t', listedInputSchema(none), { x: 1 })).toMatchObject({ ok: false });
    expect(checkInput('t', listedInputSchema(open), { x: 1 })).toMatchObject({ ok: true });
  });

  it('keeps a schema that allows other properties as it is', () => {
    const map = { type: 'object' as const, properties: { a: {} }, additionalProperties: { type: 'string' } };
    expect(listedInputSchema(map)).toEqual(map);
  });

  it('leaves it out of the object schemas inside too (an array of edits), and keeps boolean and tuple schemas', () => {
    const edit = { type: 'object', properties: { op: { type: 'string' } }, required: ['op'], additionalProperties: false };
    const batch = {
      type: 'object' as const,
      properties: { edits: { type: 'array', items: edit }, loose: { type: 'array', items: true }, pair: { items: [true, {}] } }
    };
    expect(listedInputSchema(batch)).toEqual({
      type: 'object',
      properties: {
        edits: { type: 'array', items: { type: 'object', properties: { op: { type: 'string' } }, required: ['op'] } },
        loose: { type: 'array', items: true },
        pair: { items: [true, {}] }
      }
    });
  });
  it('adds no additionalProperties key where the schema had none, and keeps a value that is no schema as it is', () => {
    const open = { type: 'object' as const, properties: { a: { type: 'object', properties: { b: null } } } };
    expect(listedInputSchema(open)).toStrictEqual(open);
    expect(Object.keys(listedInputSchema(open))).toEqual(['type', 'properties']);
  });
});
