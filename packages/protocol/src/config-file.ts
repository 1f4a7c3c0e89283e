/**
 * The MCP server's config.json, per user (mode 0600; mcp-server's
 * pairing/pairing-token.ts reads and writes it). Fields this version does not know are
 * kept, so what a newer server added survives an older one's rewrite.
 */
import * as z from 'zod/mini';
import './zod-english.js';
import { TOKEN_PATTERN } from './pairing.js';
import { describeIssues } from './wire.js';

// Never the value in the message: the file holds secrets.
const token = z.string().check(z.regex(TOKEN_PATTERN, 'not a token (64 hex digits)'));

const nonEmpty = z.string().check(z.minLength(1));

export const configFileSchema = z.looseObject({
  /** The pairing token pages prove. */
  token: z.optional(token),
  /** Bridge settings files `install` wrote the token into; `token --rotate` rewrites them. */
  settingsFiles: z.optional(z.array(nonEmpty)),
  /** Per settings file, the keys `install` set there (token, serverUrls): `uninstall` removes just these. */
  installedKeys: z.optional(z.record(nonEmpty, z.array(nonEmpty))),
  /** lite's page tokens, per --lite-port: a loaded page pairs again after a restart. */
  liteTokens: z.optional(z.record(z.string().check(z.regex(/^[1-9][0-9]{0,4}$/, 'not a port')), token)),
  /** Pages from another host paired with `pair`: each origin's own token, which only pages of that origin prove. */
  pairedOrigins: z.optional(z.record(z.string().check(z.regex(/^https?:\/\/[^/\s]+$/, 'not an origin')), token))
});

export type ConfigFile = z.infer<typeof configFileSchema>;

export interface ReadConfigFile {
  /** The fields that are valid; a field that is not is left out. */
  config: ConfigFile;
  /** What is wrong with the file, if anything, as `field: problem; …`. */
  problem?: string;
}

export function readConfigFile(text: string): ReadConfigFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { config: {}, problem: 'it is not JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { config: {}, problem: 'it is not a JSON object' };
  }
  const parsed = configFileSchema.safeParse(json);
  if (parsed.success) {
    return { config: parsed.data };
  }
  const broken = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  const valid = Object.fromEntries(Object.entries(json).filter(([field]) => !broken.has(field)));
  return { config: configFileSchema.parse(valid), problem: describeIssues(parsed.error) };
}
