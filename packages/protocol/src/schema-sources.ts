/**
 * The zod inputs whose JSON Schemas are written at build time into
 * input-schemas.ts (scripts/write-input-schemas.ts), so that the page lists
 * them without carrying zod's JSON Schema generator: the built-in tools' by
 * tool name, the bridge commands' by command id.
 */
import type * as z from 'zod/mini';
import { NOTEBOOK_TOOLS } from './notebook-tools.js';
import { BUILT_IN_INPUTS } from './tool-table.js';

export function schemaSources(): [key: string, input: z.ZodMiniObject][] {
  return [...Object.entries(BUILT_IN_INPUTS), ...NOTEBOOK_TOOLS.map(({ command, input }): [string, z.ZodMiniObject] => [command, input])];
}
