/**
 * The result protocol's shape (result-protocol.ts), which the server checks the
 * page's answers against and the bridge the answers it keeps for a tab. A module
 * of its own so that result-protocol.ts imports no zod: the page's WebMCP chunk
 * imports it, and a chunk loaded later that imports zod keeps zod's modules out
 * of the bridge's concatenated module (about 1 kB gzip).
 */
import * as z from 'zod/mini';
import './zod-english.js';

const successSchema = z.looseObject({ success: z.literal(true), warning: z.optional(z.string()) });

const failureSchema = z.looseObject({
  success: z.literal(false),
  error: z.string(),
  // Not an enum: a newer bridge may send a code this server does not know yet.
  code: z.string().check(z.minLength(1), z.maxLength(100)),
  warning: z.optional(z.string())
});

export const toolResultSchema = z.discriminatedUnion('success', [successSchema, failureSchema]);

export type ToolSuccess = z.infer<typeof successSchema>;
export type ToolFailure = z.infer<typeof failureSchema>;
export type ToolResult = z.infer<typeof toolResultSchema>;
