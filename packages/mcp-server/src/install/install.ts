/**
 * jupyter-live-mcp install / uninstall (SPEC §9): copies the prebuilt bridge
 * into <data dir>/labextensions/ (where JupyterLab loads prebuilt extensions
 * from) and writes the pairing token into the bridge's user settings; the
 * settings file and the keys set there are remembered, so `token --rotate`
 * rewrites the token and `uninstall` takes out just those keys. A bridge pip
 * installed (in any of Jupyter's data folders) is pip's: install only pairs it,
 * uninstall leaves it.
 */
import { cp, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ServerWrittenSettings } from '@jupyter-live-mcp/protocol';
import { writeOwnFile } from '../pairing/own-files.js';
import { PIP_UNINSTALL, findInstalledBridges, pipMendLine, readInstalledBridge, type InstalledBridge } from './installed-bridges.js';
import { bridgeDir, bridgeSettingsFile } from './jupyter-paths.js';
import { readSettingsFile } from './settings-file.js';

export interface InstallPlan {
  /** The built labextension folder shipped with this package. */
  source: string;
  dataDir: string;
  /** Every data folder Jupyter loads extensions from (jupyterPath), dataDir among them. */
  dataPath: readonly string[];
  settingsDir: string;
  token: string;
  /** Written as serverUrls (install --port); without it the page's serverUrls stay as they are. */
  serverUrl?: string;
  /** This server's version, which a pip-installed bridge should have too. */
  version: string;
  /** The command that undoes this install, as the person types it (with the folders install was given). */
  uninstall: string;
}

/** What install did: lines for the person, and the settings it wrote, for uninstall. */
export interface Installed {
  lines: string[];
  settingsFile: string;
  /** The keys install set in settingsFile. */
  keys: string[];
}

export async function install(plan: InstallPlan): Promise<Installed> {
  const settingsFile = bridgeSettingsFile(plan.settingsDir);
  // A settings file that would be refused is refused before anything is copied.
  await readSettingsFile(settingsFile, { shared: 'refuse' });
  const pip = (await findInstalledBridges(plan.dataPath)).find((bridge) => bridge.by === 'pip');
  const extensionLines = pip ? await keepPipInstall(pip, plan) : await copyBridge(plan);
  const values = { token: plan.token, ...(plan.serverUrl ? { serverUrls: [plan.serverUrl] } : {}) };
  const notes = await writeBridgeSettings(settingsFile, values);
  return {
    lines: [
      ...extensionLines,
      `Wrote the pairing token${plan.serverUrl ? ` and serverUrls` : ''} into ${settingsFile} (readable by you only)`,
      ...notes,
      'Reload your JupyterLab or Notebook page to load the bridge.',
      pip ? `To undo: ${plan.uninstall} (the pairing), then ${PIP_UNINSTALL}` : `To undo: ${plan.uninstall}`
    ],
    settingsFile,
    keys: Object.keys(values)
  };
}

async function copyBridge(plan: InstallPlan): Promise<string[]> {
  try {
    await stat(path.join(plan.source, 'package.json'));
  } catch {
    throw new Error(`the prebuilt bridge is missing at ${plan.source}; build the repo first (scripts/setup) or reinstall the package.`);
  }
  const target = bridgeDir(plan.dataDir);
  await rm(target, { recursive: true, force: true });
  await mkdir(path.dirname(target), { recursive: true });
  await cp(plan.source, target, { recursive: true });
  return [`Copied the bridge extension to ${target}`];
}

/**
 * Leaves pip's bridge as it is (saying what would bring it to this server's
 * version), and takes out a copy an earlier install made, which would stand
 * beside it: JupyterLab loads only one of the two.
 */
async function keepPipInstall(pip: InstalledBridge, plan: InstallPlan): Promise<string[]> {
  const lines = [`The bridge is installed by pip in ${pip.dir}: left to pip, so only the pairing is written.`];
  if (pip.state === 'broken') {
    lines.push(`That bridge is broken (${pip.error}): in its Python environment, run ${pipMendLine(plan.version, true)}.`);
  } else if (pip.version !== plan.version) {
    lines.push(
      `It is version ${pip.version}, and this server is ${plan.version}: in its Python environment, run ${pipMendLine(plan.version)}.`
    );
  }
  const target = bridgeDir(plan.dataDir);
  if ((await readInstalledBridge(target))?.by === 'copy') {
    await rm(target, { recursive: true, force: true });
    lines.push(`Removed the copy an earlier install made in ${target}, so JupyterLab loads pip's.`);
  }
  return lines;
}

export interface UninstallPlan {
  dataDir: string;
  /** Every data folder Jupyter loads extensions from (jupyterPath), dataDir among them. */
  dataPath: readonly string[];
  settingsDir: string;
  /** The keys install set in the bridge's settings. */
  keys: readonly string[];
}

/**
 * Removes the extension copy and, from the bridge's settings, the `keys`
 * install set there, keeping the person's other settings; the file goes only
 * if nothing else is left in it. A bridge pip installed is left to pip.
 */
export async function uninstall(plan: UninstallPlan): Promise<string[]> {
  const lines = (await findInstalledBridges(plan.dataPath))
    .filter((bridge) => bridge.by === 'pip')
    .map((bridge) => `The bridge in ${bridge.dir} was installed by pip, so it is left to pip: ${PIP_UNINSTALL} removes it.`);
  const target = bridgeDir(plan.dataDir);
  if ((await readInstalledBridge(target))?.by !== 'pip' && (await removeFolder(target))) {
    lines.unshift(`Removed ${target}`);
  }
  return [...lines, ...(await removeBridgeSettings(bridgeSettingsFile(plan.settingsDir), plan.keys)), 'Reload your Jupyter pages.'];
}

/** True when there was a folder to remove. */
async function removeFolder(folder: string): Promise<boolean> {
  try {
    await rm(folder, { recursive: true });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return false;
    }
    throw error;
  }
}

async function removeBridgeSettings(file: string, keys: readonly string[]): Promise<string[]> {
  // Taking the token out of a file others can read is still worth doing.
  const read = await readSettingsFile(file, { shared: 'allow' });
  if (read.state === 'not-json') {
    return [`${file} is not plain JSON (comments?), so it was left alone: remove ${spoken(keys)} in Settings → Agent bridge.`];
  }
  const current = read.settings;
  const removed = keys.filter((key) => key in current.all);
  if (!removed.length) {
    return [];
  }
  const kept = Object.fromEntries(Object.entries(current.all).filter(([key]) => !keys.includes(key)));
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
 * not JSON is refused rather than overwritten. Returns what the person should
 * know of the settings it left: one of the wrong shape, which the page ignores.
 */
export async function writeBridgeSettings(file: string, values: ServerWrittenSettings): Promise<string[]> {
  const read = await readSettingsFile(file, { shared: 'refuse' });
  if (read.state === 'not-json') {
    throw new Error(
      `${file} exists but is not plain JSON (comments?), so it was left alone. Set the bridge's token in ` +
        'Settings → Agent bridge instead (jupyter-live-mcp token prints it).'
    );
  }
  const current = read.settings;
  await writeSettingsFile(file, { ...current.all, ...values });
  return Object.entries(current.problems)
    .filter(([key]) => !(key in values))
    .map(
      ([key, problem]) =>
        `${key} in ${file} is of the wrong shape (${problem}), so the page ignores it and uses its default: correct it in ` +
        'Settings → Agent bridge (install --port <port> rewrites serverUrls).'
    );
}

async function writeSettingsFile(file: string, settings: Record<string, unknown>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeOwnFile(file, `${JSON.stringify(settings, null, 2)}\n`);
}
