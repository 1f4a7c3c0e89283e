import { describe, expect, it } from 'vitest';
import { INPUT_SCHEMAS } from './input-schemas.js';
import { plainJsonSchema } from './plain-json-schema.js';
import { schemaSources } from './schema-sources.js';

describe('the input schemas written at build time', () => {
  it('are those plainJsonSchema makes of the zod inputs, in order (the protocol build writes them: scripts/write-input-schemas.ts)', () => {
    const sources = schemaSources();
    expect(Object.keys(INPUT_SCHEMAS)).toEqual(sources.map(([key]) => key));
    const schemas: Record<string, unknown> = INPUT_SCHEMAS;
    for (const [key, input] of sources) {
      expect(schemas[key], key).toStrictEqual(plainJsonSchema(input));
    }
  });
});
