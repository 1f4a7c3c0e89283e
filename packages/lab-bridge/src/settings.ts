/**
 * The bridge's settings (schema/plugin.json is what the person edits), read
 * defensively: a value of the wrong shape falls back to its default with a
 * console warning instead of stopping the bridge.
 */
import { z } from 'zod';

export const PLUGIN_ID = 'jupyter-live-mcp-bridge:plugin';

/** Must match the server's DEFAULT_PORT and schema/plugin.json. */
export const DEFAULT_SERVER_URL = 'ws://127.0.0.1:8767';

const settingsSchema = z.object({
  enabled: z.boolean().catch(true),
  serverUrls: z
    .array(z.string().regex(/^wss?:\/\//))
    .max(20)
    .catch([DEFAULT_SERVER_URL])
});

export type BridgeSettings = z.infer<typeof settingsSchema>;

export function readSettings(composite: unknown, warn: (message: string) => void = () => {}): BridgeSettings {
  const raw = (typeof composite === 'object' && composite !== null ? composite : {}) as Record<string, unknown>;
  const settings = settingsSchema.parse({ enabled: raw.enabled ?? true, serverUrls: raw.serverUrls ?? [DEFAULT_SERVER_URL] });
  for (const key of ['enabled', 'serverUrls'] as const) {
    if (raw[key] !== undefined && JSON.stringify(raw[key]) !== JSON.stringify(settings[key])) {
      warn(`setting "${key}" has a value of the wrong shape (${JSON.stringify(raw[key])}); using ${JSON.stringify(settings[key])}`);
    }
  }
  return settings;
}
