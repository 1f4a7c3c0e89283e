/**
 * jupyter-live-mcp install / uninstall (SPEC §9): copies the prebuilt bridge
 * into <data dir>/labextensions/ (where JupyterLab loads prebuilt extensions
 * from) and writes the pairing token into the bridge's user settings; the
 * settings file and the keys set there are remembered, so `token --rotate`
 * rewrites the token and `uninstall` takes out just those keys.
 */
import { cp, mkdir, readFile, rm, stat, writeFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import { BRIDGE_PACKAGE, bridgeSettingsFile } from './jupyter-paths.js';

export interface InstallPlan {
  /** The built labextension folder shipped with this package. */
  source: string;
  dataDir: string;
  settingsDir: string;
  token: string;
  /** Written as serverUrls (install --port); without it the page's serverUrls stay as they are. */
  serverUrl?: string;
}

/** What install did: lines for the person, and the settings it wrote, for uninstall. */
export interface Installed {
  lines: string[];
  settingsFile: string;
  /** The keys install set in settingsFile. */
  keys: string[];
}

export async function install(plan: InstallPlan): Promise<Installed> {
  try {
    await stat(path.join(plan.source, 'package.json'));
  } catch {
    throw new Error(`the prebuilt bridge is missing at ${plan.source}; build the repo first (scripts/setup) or reinstall the package.`);
  }
  const target = path.join(plan.dataDir, 'labextensions', BRIDGE_PACKAGE);
  await rm(target, { recursive: true, force: true });
  await mkdir(path.dirname(target), { recursive: true });
  await cp(plan.source, target, { recursive: true });
  const settingsFile = bridgeSettingsFile(plan.settingsDir);
  const values = { token: plan.token, ...(plan.serverUrl ? { serverUrls: [plan.serverUrl] } : {}) };
  await writeBridgeSettings(settingsFile, values);
  return {
    lines: [
      `Copied the bridge extension to ${target}`,
      `Wrote the pairing token${plan.serverUrl ? ` and serverUrls` : ''} into ${settingsFile} (readable by you only)`,
      'Reload your JupyterLab or Notebook page to load the bridge.',
      'To undo: jupyter-live-mcp uninstall'
    ],
    settingsFile,
    keys: Object.keys(values)
  };
}

/**
 * Removes the extension copy and, from the bridge's settings, the `keys`
 * install set there, keeping the person's other settings; the file goes only
 * if nothing else is left in it.
 */
export async function uninstall(dataDir: string, settingsDir: string, keys: readonly string[]): Promise<string[]> {
  const target = path.join(dataDir, 'labextensions', BRIDGE_PACKAGE);
  await rm(target, { recursive: true, force: true });
  return [`Removed ${target}`, ...(await removeBridgeSettings(bridgeSettingsFile(settingsDir), keys)), 'Reload your Jupyter pages.'];
}

async function removeBridgeSettings(file: string, keys: readonly string[]): Promise<string[]> {
  const current = await readBridgeSettings(file);
  if (current === undefined) {
    return [`${file} is not plain JSON (comments?), so it was left alone: remove ${spoken(keys)} in Settings → Agent bridge.`];
  }
  const removed = keys.filter((key) => key in current);
  if (!removed.length) {
    return [];
  }
  const kept = Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key)));
  if (!Object.keys(kept).length) {
    await rm(file, { force: true });
    return [`Removed ${file}`];
  }
  await writeSettingsFile(file, kept);
  return [`Removed ${spoken(removed)} from ${file}; your other bridge settings stay there`];
}

const spoken = (keys: readonly string[]) => keys.map((key) => (key === 'token' ? 'the token' : key)).join(' and ');

/**
 * Sets keys in the bridge's settings file, keeping the person's other settings.
 * JupyterLab writes these files as JSON (JSON5 is allowed by hand); one that is
 * not JSON is refused rather than overwritten.
 */
export async function writeBridgeSettings(file: string, values: Record<string, unknown>): Promise<void> {
  const current = await readBridgeSettings(file);
  if (current === undefined) {
    throw new Error(
      `${file} exists but is not plain JSON (comments?), so it was left alone. Set the bridge's token in ` +
        'Settings → Agent bridge instead (jupyter-live-mcp token prints it).'
    );
  }
  await writeSettingsFile(file, { ...current, ...values });
}

/** The settings in the file: {} when there is none, undefined when it is not a plain JSON object. */
async function readBridgeSettings(file: string): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return {};
    }
    throw error;
  }
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

async function writeSettingsFile(file: string, settings: Record<string, unknown>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // Private before the token goes in: writeFile's mode applies only to a new file.
  await chmod(file, 0o600).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await writeFile(file, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
}
