// Writes src/input-schemas.ts, the JSON Schemas of the inputs schema-sources.ts
// names, made from their zod inputs; the protocol's build runs it before tsc,
// and input-schemas.test.ts fails when the file is stale.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { plainJsonSchema } from '../src/plain-json-schema.js';
import { schemaSources } from '../src/schema-sources.js';

const file = fileURLToPath(new URL('../src/input-schemas.ts', import.meta.url));
const schemas = Object.fromEntries(schemaSources().map(([key, input]) => [key, plainJsonSchema(input)]));
writeFileSync(
  file,
  `// Written by scripts/write-input-schemas.ts from the zod inputs schema-sources.ts names: edit those, not this.
import type { InputSchema } from './wire.js';

export const INPUT_SCHEMAS = ${JSON.stringify(schemas, null, 2)} satisfies Record<string, InputSchema>;
`
);
execFileSync(fileURLToPath(new URL('../../../node_modules/.bin/biome', import.meta.url)), ['format', '--write', file], { stdio: 'ignore' });
