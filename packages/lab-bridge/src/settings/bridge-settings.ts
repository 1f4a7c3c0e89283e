/**
 * The bridge's settings (schema/plugin.json is what the person edits), read
 * defensively: a value of the wrong shape falls back to its default with a
 * console warning instead of stopping the bridge. Settings tools are checked
 * entry by entry later (catalogue/settings-tools.ts).
 */
import { z } from 'zod';

import { DEFAULT_SERVER_URL } from '@jupyter-live-mcp/protocol';

export { BRIDGE_PLUGIN_ID as PLUGIN_ID } from '@jupyter-live-mcp/protocol';

export const DEFAULTS = {
  enabled: true,
  serverUrls: [DEFAULT_SERVER_URL],
  token: '',
  tools: [] as unknown[],
  disabledTools: [] as string[],
  // These two run other commands by id, which would step around the list itself.
  blockedCommands: ['apputils:run-first-enabled', 'apputils:run-all-enabled'],
  maxResultChars: 60_000,
  pendingAfterSeconds: 25,
  maxImageSide: 1024,
  confirm: 'none' as 'none' | 'consequential' | 'all'
};

const settingsSchema = z.object({
  enabled: z.boolean().catch(DEFAULTS.enabled),
  serverUrls: z.array(z.string().regex(/^wss?:\/\//)).max(20).catch(DEFAULTS.serverUrls),
  token: z.string().regex(/^([0-9a-f]{64})?$/).catch(DEFAULTS.token),
  tools: z.array(z.unknown()).catch(DEFAULTS.tools),
  disabledTools: z.array(z.string()).catch(DEFAULTS.disabledTools),
  blockedCommands: z.array(z.string()).catch(DEFAULTS.blockedCommands),
  maxResultChars: z.number().int().min(1000).max(2_000_000).catch(DEFAULTS.maxResultChars),
  pendingAfterSeconds: z.number().min(0.1).max(300).catch(DEFAULTS.pendingAfterSeconds),
  maxImageSide: z.number().int().min(16).max(8192).catch(DEFAULTS.maxImageSide),
  confirm: z.enum(['none', 'consequential', 'all']).catch(DEFAULTS.confirm)
});

export type BridgeSettings = z.infer<typeof settingsSchema>;

export function readSettings(composite: unknown, warn: (message: string) => void = () => {}): BridgeSettings {
  const raw = (typeof composite === 'object' && composite !== null ? composite : {}) as Record<string, unknown>;
  const given = Object.fromEntries(
    (Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]).map((key) => [key, raw[key] ?? DEFAULTS[key]])
  );
  const settings = settingsSchema.parse(given);
  for (const key of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
    if (raw[key] !== undefined && JSON.stringify(raw[key]) !== JSON.stringify(settings[key])) {
      // The token is a secret: its value is never written to the console.
      const given = key === 'token' ? 'a value that is not 64 hex digits' : `a value of the wrong shape (${JSON.stringify(raw[key])})`;
      warn(`setting "${key}" has ${given}; using ${key === 'token' ? 'none' : JSON.stringify(settings[key])}`);
    }
  }
  return settings;
}
