/**
 * What the MCP server's GET /status answers (mcp-server's hub/status-endpoint.ts
 * writes it, doctor's status client reads it): to anyone, that it is
 * jupyter-live-mcp and a challenge; to a caller that proved the pairing token
 * over it, the version and the kinds of connected pages (never URLs, titles or
 * the token); to a wrong proof, why it was refused.
 */
import * as z from 'zod/mini';
import './zod-english.js';
import { describeIssues } from './wire.js';

export const STATUS_SERVICE = 'jupyter-live-mcp';

const service = z.literal(STATUS_SERVICE);

export const statusChallengeSchema = z.object({ service, challenge: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'not 64 hex digits')) });

export const statusReportSchema = z.object({
  service,
  version: z.string().check(z.minLength(1), z.maxLength(100)),
  pages: z.object({
    count: z.int().check(z.nonnegative()),
    /** Pages per "<app name> <app version>". */
    kinds: z.record(z.string().check(z.maxLength(400)), z.int().check(z.positive()))
  })
});

export const statusRefusalSchema = z.object({ service, error: z.string().check(z.maxLength(1000)) });

export type StatusChallenge = z.infer<typeof statusChallengeSchema>;
export type StatusReport = z.infer<typeof statusReportSchema>;
export type StatusRefusal = z.infer<typeof statusRefusalSchema>;

export type ParsedStatus<T> =
  | { kind: 'ok'; answer: T }
  /** It says it is jupyter-live-mcp, but the answer is not what this version reads. */
  | { kind: 'malformed'; problem: string }
  /** Not JSON, or not from jupyter-live-mcp. */
  | { kind: 'not-ours' };

/** A /status answer (already JSON-parsed) checked against what it should be. */
export function parseStatusAnswer<T>(schema: z.ZodMiniType<T>, json: unknown): ParsedStatus<T> {
  const parsed = schema.safeParse(json);
  if (parsed.success) {
    return { kind: 'ok', answer: parsed.data };
  }
  const claimsService = typeof json === 'object' && json !== null && (json as { service?: unknown }).service === STATUS_SERVICE;
  return claimsService ? { kind: 'malformed', problem: describeIssues(parsed.error) } : { kind: 'not-ours' };
}
