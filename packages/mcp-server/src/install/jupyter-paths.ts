/**
 * Where Jupyter keeps prebuilt extensions and JupyterLab user settings, found as
 * Jupyter itself finds them (jupyter_core's paths, jupyterlab_server's settings
 * dir), so no Python is needed to ask. Pure: environment and platform in
 * (jupyterFolders reads this machine's unless given them).
 */
import { homedir } from 'node:os';
import path from 'node:path';

export interface PathsInput {
  env: NodeJS.ProcessEnv;
  home: string;
  platform: NodeJS.Platform;
}

/** JUPYTER_DATA_DIR, else the platform's user data dir for Jupyter. */
export function jupyterDataDir({ env, home, platform }: PathsInput): string {
  if (env.JUPYTER_DATA_DIR) {
    return env.JUPYTER_DATA_DIR;
  }
  if (platform === 'darwin') {
    return path.join(home, 'Library', 'Jupyter');
  }
  if (platform === 'win32') {
    return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'jupyter');
  }
  return path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'jupyter');
}

/** JUPYTERLAB_SETTINGS_DIR, else <JUPYTER_CONFIG_DIR or ~/.jupyter>/lab/user-settings. */
export function labSettingsDir({ env, home }: PathsInput): string {
  if (env.JUPYTERLAB_SETTINGS_DIR) {
    return env.JUPYTERLAB_SETTINGS_DIR;
  }
  return path.join(env.JUPYTER_CONFIG_DIR || path.join(home, '.jupyter'), 'lab', 'user-settings');
}

/** The folders given (--data-dir, --settings-dir), else where Jupyter finds them on this machine. */
export function jupyterFolders(
  given: { dataDir?: string; settingsDir?: string },
  input: PathsInput = { env: process.env, home: homedir(), platform: process.platform }
): { dataDir: string; settingsDir: string } {
  return { dataDir: given.dataDir ?? jupyterDataDir(input), settingsDir: given.settingsDir ?? labSettingsDir(input) };
}

export const BRIDGE_PACKAGE = 'jupyter-live-mcp-bridge';

export function bridgeSettingsFile(settingsDir: string): string {
  return path.join(settingsDir, BRIDGE_PACKAGE, 'plugin.jupyterlab-settings');
}
