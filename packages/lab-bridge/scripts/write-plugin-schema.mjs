// Writes schema/plugin.json from the settings' zod schema (src/settings/plugin-schema.ts);
// the build runs it after tsc, before the labextension is built.
import { writeFileSync } from 'node:fs';
import { pluginSchemaText } from '../lib/settings/plugin-schema.js';

writeFileSync(new URL('../schema/plugin.json', import.meta.url), pluginSchemaText());
