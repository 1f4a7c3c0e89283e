/**
 * jupyter-live-mcp install / uninstall (SPEC §9): copies the prebuilt bridge
 * into <data dir>/labextensions/ (where JupyterLab loads prebuilt extensions
 * from) and writes the pairing token into the bridge's user settings; the
 * settings file is remembered, so `token --rotate` rewrites it.
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

export async function install(plan: InstallPlan): Promise<string[]> {
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
  await writeBridgeSettings(settingsFile, { token: plan.token, ...(plan.serverUrl ? { serverUrls: [plan.serverUrl] } : {}) });
  return [
    `Copied the bridge extension to ${target}`,
    `Wrote the pairing token${plan.serverUrl ? ` and serverUrls` : ''} into ${settingsFile} (readable by you only)`,
    'Reload your JupyterLab or Notebook page to load the bridge.',
    'To undo: jupyter-live-mcp uninstall'
  ];
}

export async function uninstall(dataDir: string, settingsDir: string): Promise<string[]> {
  const target = path.join(dataDir, 'labextensions', BRIDGE_PACKAGE);
  const settingsFile = bridgeSettingsFile(settingsDir);
  await rm(target, { recursive: true, force: true });
  await rm(settingsFile, { force: true });
  return [`Removed ${target}`, `Removed ${settingsFile}`, 'Reload your Jupyter pages.'];
}

/**
 * Sets keys in the bridge's settings file, keeping the person's other settings.
 * JupyterLab writes these files as JSON (JSON5 is allowed by hand); one that is
 * not JSON is refused rather than overwritten.
 */
export async function writeBridgeSettings(file: string, values: Record<string, unknown>): Promise<void> {
  let current: Record<string, unknown> = {};
  try {
    current = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(
        `${file} exists but is not plain JSON (comments?), so it was left alone. Set the bridge's token in ` +
          'Settings → Agent bridge instead (jupyter-live-mcp token prints it).'
      );
    }
  }
  await mkdir(path.dirname(file), { recursive: true });
  // Private before the token goes in: writeFile's mode applies only to a new file.
  await chmod(file, 0o600).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await writeFile(file, `${JSON.stringify({ ...current, ...values }, null, 2)}\n`, { mode: 0o600 });
}
