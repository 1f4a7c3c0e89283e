/**
 * The server's side of the bridge's settings file (bridge-settings.ts): what it
 * writes there and how it reads it. A module of its own, which the page never
 * imports, so the page does not build these schemas.
 */
import * as z from 'zod/mini';
import './zod-english.js';
import { type BridgeSettings, bridgeSettingsSchema } from './bridge-settings.js';
import { describeIssues } from './wire.js';

/** The settings the server writes into the bridge's settings file. */
export type ServerWrittenSettings = Partial<Pick<BridgeSettings, 'token' | 'serverUrls'>>;

export interface BridgeSettingsFile {
  /** Every setting in the file as it is there, so the server keeps the person's other settings when it writes. */
  all: Record<string, unknown>;
  /** token and serverUrls as the page takes them: a value of the wrong shape is its default. */
  token: string;
  serverUrls: string[];
  /** What is wrong with token or serverUrls, per setting (never the token's value). */
  problems: Partial<Record<'token' | 'serverUrls', string>>;
}

const settingsObject = z.record(z.string(), z.unknown());
const serverRead = z.pick(bridgeSettingsSchema, { token: true, serverUrls: true });

/**
 * The server's reading of the bridge's settings file, from its parsed text;
 * undefined when that is not a JSON object. As in the page, a missing or null
 * setting is its default.
 */
export function readBridgeSettingsFile(json: unknown): BridgeSettingsFile | undefined {
  const all = settingsObject.safeParse(json);
  if (!all.success) {
    return undefined;
  }
  const given = { token: all.data.token ?? undefined, serverUrls: all.data.serverUrls ?? undefined };
  const parsed = serverRead.safeParse(given);
  if (parsed.success) {
    return { all: all.data, ...parsed.data, problems: {} };
  }
  const problems: BridgeSettingsFile['problems'] = {};
  for (const key of ['token', 'serverUrls'] as const) {
    const issues = parsed.error.issues.filter((issue) => issue.path[0] === key);
    if (issues.length) {
      problems[key] = describeIssues({ issues });
      given[key] = undefined;
    }
  }
  return { all: all.data, ...serverRead.parse(given), problems };
}
