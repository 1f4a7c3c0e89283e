/**
 * Pairs the shipped site with this run's server: the bridge's serverUrls and token
 * become defaults in the jupyter-lite.json the site serves. Done once per run, in
 * memory, so the token is never written into the installed package.
 */
import { BRIDGE_PLUGIN_ID } from '@jupyter-live-mcp/protocol';

export interface Pairing {
  /** The bridge endpoint, e.g. ws://127.0.0.1:8767 */
  serverUrl: string;
  token: string;
}

type Settings = Record<string, Record<string, unknown>>;

export function pairedSiteConfig(siteConfigText: string, pairing: Pairing): string {
  const site = JSON.parse(siteConfigText) as { 'jupyter-config-data'?: Record<string, unknown> };
  const config = site['jupyter-config-data'];
  if (typeof config !== 'object' || config === null) {
    throw new Error('jupyter-lite.json has no "jupyter-config-data": the lite site is damaged; reinstall jupyter-live-mcp.');
  }
  const overrides = (config.settingsOverrides ?? {}) as Settings;
  config.settingsOverrides = {
    ...overrides,
    [BRIDGE_PLUGIN_ID]: { ...overrides[BRIDGE_PLUGIN_ID], serverUrls: [pairing.serverUrl], token: pairing.token }
  };
  return JSON.stringify(site);
}
