/**
 * The bridge's settings (their schema is protocol's bridge-settings.ts), read
 * defensively: a value of the wrong shape falls back to its default with a
 * console warning instead of stopping the bridge. Settings tools are checked
 * entry by entry later (catalogue/settings-tools.ts).
 */
import { type BridgeSettings, bridgeSettingsSchema } from '@jupyter-live-mcp/protocol';

const KEYS = Object.keys(bridgeSettingsSchema.shape) as (keyof BridgeSettings)[];

export function readSettings(composite: unknown, warn: (message: string) => void = () => {}): BridgeSettings {
  const raw = (typeof composite === 'object' && composite !== null ? composite : {}) as Record<string, unknown>;
  // A missing, null or wrong value becomes undefined, which the schema turns into the default.
  const given = Object.fromEntries(
    KEYS.map((key) => {
      const value = raw[key] ?? undefined;
      return [key, bridgeSettingsSchema.shape[key].safeParse(value).success ? value : undefined];
    })
  );
  const settings = bridgeSettingsSchema.parse(given);
  for (const key of KEYS) {
    if (raw[key] !== undefined && JSON.stringify(raw[key]) !== JSON.stringify(settings[key])) {
      // The token is a secret: its value is never written to the console.
      const given = key === 'token' ? 'a value that is not 64 hex digits' : `a value of the wrong shape (${JSON.stringify(raw[key])})`;
      warn(`setting "${key}" has ${given}; using ${key === 'token' ? 'none' : JSON.stringify(settings[key])}`);
    }
  }
  return settings;
}
