// The try-* CLIs pair their page with this user's jupyter-live-mcp server. Apart
// from script.ts because it reads the server's token module, which needs the
// protocol package built: the smoke checks, which use script.ts, must not.
import { BRIDGE_PLUGIN_ID as BRIDGE_PLUGIN } from '@jupyter-live-mcp/protocol';
import { loadToken } from 'jupyter-live-mcp/src/pairing/pairing-token.js';

/**
 * Settings by plugin id, with the bridge paired with this user's jupyter-live-mcp
 * server (the same token file) unless `settings` give the bridge a token.
 */
export async function pairedSettings(settings: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const bridge = (settings[BRIDGE_PLUGIN] ?? {}) as Record<string, unknown>;
  return { ...settings, [BRIDGE_PLUGIN]: { token: await loadToken(), ...bridge } };
}
