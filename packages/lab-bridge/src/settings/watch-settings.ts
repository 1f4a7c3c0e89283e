/**
 * The bridge's settings from JupyterLab's setting registry: applied once loaded
 * and again on every change; the defaults when there is no registry or the
 * settings cannot be loaded.
 */
import type { ISettingRegistry } from '@jupyterlab/settingregistry';
import type { BridgeSettings } from '@jupyter-live-mcp/protocol';
import { PLUGIN_ID } from '../plugin-id.js';
import { readSettings } from './bridge-settings.js';

export async function watchSettings(
  registry: ISettingRegistry | null,
  apply: (settings: BridgeSettings) => Promise<void>,
  warn: (message: string) => void
): Promise<void> {
  if (!registry) {
    await apply(readSettings({}, warn));
    return;
  }
  try {
    const settings = await registry.load(PLUGIN_ID);
    await apply(readSettings(settings.composite, warn));
    settings.changed.connect(() => void apply(readSettings(settings.composite, warn)));
  } catch (error) {
    warn(`could not load the bridge settings (${(error as Error).message}); using the defaults`);
    await apply(readSettings({}, warn));
  }
}
