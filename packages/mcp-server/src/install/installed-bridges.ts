/**
 * The bridges installed in Jupyter's data folders, and by what: one a Python
 * package put there (pip, conda: its install.json names the python package
 * manager, as JupyterLab reads it) belongs to that package manager; any other
 * is a copy, such as `install` makes. Reads only.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bridgeDir } from './jupyter-paths.js';

export type InstalledBridge = {
  dir: string;
  /** 'pip': installed by a Python package manager, which alone should change it. */
  by: 'pip' | 'copy';
} & ({ state: 'ok'; version: string } | { state: 'broken'; error: string });

/** The bridges in `dataPath`'s folders, in Jupyter's search order. */
export async function findInstalledBridges(dataPath: readonly string[]): Promise<InstalledBridge[]> {
  const found = await Promise.all(dataPath.map((folder) => readInstalledBridge(bridgeDir(folder))));
  return found.filter((bridge) => bridge !== undefined);
}

/** The bridge in `dir`, or undefined when there is none (no package.json). */
export async function readInstalledBridge(dir: string): Promise<InstalledBridge | undefined> {
  const by = (await installedByPython(dir)) ? 'pip' : 'copy';
  let text: string;
  try {
    text = await readFile(path.join(dir, 'package.json'), 'utf8');
  } catch (error) {
    return isMissing(error) ? undefined : { dir, by, state: 'broken', error: (error as Error).message };
  }
  try {
    const version = (JSON.parse(text) as { version?: unknown }).version;
    if (typeof version === 'string') {
      return { dir, by, state: 'ok', version };
    }
  } catch {
    // Reported below, as for a package.json without a version.
  }
  return { dir, by, state: 'broken', error: 'its package.json has no version' };
}

async function installedByPython(dir: string): Promise<boolean> {
  try {
    const manifest: unknown = JSON.parse(await readFile(path.join(dir, 'install.json'), 'utf8'));
    return typeof manifest === 'object' && manifest !== null && (manifest as { packageManager?: unknown }).packageManager === 'python';
  } catch {
    return false;
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** How a report names where a bridge is. */
export function describeInstall(bridge: InstalledBridge): string {
  return bridge.by === 'pip' ? `installed by pip in ${bridge.dir}` : `copied into ${bridge.dir}`;
}

export const PIP_UNINSTALL = 'pip uninstall jupyter-live-mcp-bridge';

/** The wheel of `version` a clone's build makes: the bridge is not on PyPI yet, so pip installs it from that file. */
const bridgeWheel = (version: string) => `packages/lab-bridge/dist/jupyter_live_mcp_bridge-${version}-py3-none-any.whl`;

/** What puts `version` of the bridge where pip installs it (repair: over a broken one). */
export const pipInstallLine = (version: string, repair = false) =>
  `pip install ${repair ? '--force-reinstall ' : ''}${bridgeWheel(version)} (in a clone of jupyter-live-mcp, after its build: ` +
  'the bridge is not on PyPI yet)';

/** What mends a bridge pip installed: its wheel again, or the copy install makes, which needs no clone. */
export const pipMendLine = (version: string, repair = false) =>
  `${pipInstallLine(version, repair)}, or ${PIP_UNINSTALL} and then jupyter-live-mcp install (it copies the bridge this server ships)`;
