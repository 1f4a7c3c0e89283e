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

/**
 * The data folders Jupyter searches, in its order (jupyter_core's jupyter_path(),
 * where `dataDir` is jupyter_data_dir()): JUPYTER_PATH, the user's, the Python
 * environment's, the system's. Node cannot see Python's sys.prefix, so the
 * environment is the active one (VIRTUAL_ENV, CONDA_PREFIX).
 */
export function jupyterPath(dataDir: string, { env, home, platform }: PathsInput): string[] {
  const separator = platform === 'win32' ? ';' : ':';
  const given = (env.JUPYTER_PATH ?? '').split(separator).filter(Boolean);
  const userBase =
    env.PYTHONUSERBASE ||
    (platform === 'win32' ? path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'Python') : path.join(home, '.local'));
  const user = [dataDir, path.join(userBase, 'share', 'jupyter')];
  const system =
    platform === 'win32'
      ? env.PROGRAMDATA
        ? [path.join(env.PROGRAMDATA, 'jupyter')]
        : []
      : ['/usr/local/share/jupyter', '/usr/share/jupyter'];
  const environment = [env.VIRTUAL_ENV, env.CONDA_PREFIX]
    .filter((prefix): prefix is string => Boolean(prefix))
    .map((prefix) => path.join(prefix, 'share', 'jupyter'))
    .filter((folder) => !system.includes(folder));
  const ordered = [...given, ...(preferEnvironment(env) ? [...environment, ...user] : [...user, ...environment]), ...system];
  // Resolved, so one folder spelt two ways (a trailing slash) is one folder.
  return [...new Set(ordered.map((folder) => path.resolve(folder)))];
}

/** JUPYTER_PREFER_ENV_PATH, read as jupyter_core's envset reads it. */
function preferEnvironment(env: NodeJS.ProcessEnv): boolean {
  const value = env.JUPYTER_PREFER_ENV_PATH;
  return value !== undefined && !['no', 'n', 'false', 'off', '0', '0.0'].includes(value.toLowerCase());
}

export interface JupyterFolders {
  /** Where install copies the bridge. */
  dataDir: string;
  settingsDir: string;
  /** Every data folder Jupyter loads extensions from, dataDir among them (jupyterPath). */
  dataPath: string[];
}

/** The folders given (--data-dir, --settings-dir), else where Jupyter finds them on this machine. */
export function jupyterFolders(
  given: { dataDir?: string; settingsDir?: string },
  input: PathsInput = { env: process.env, home: homedir(), platform: process.platform }
): JupyterFolders {
  const dataDir = given.dataDir ?? jupyterDataDir(input);
  return { dataDir, settingsDir: given.settingsDir ?? labSettingsDir(input), dataPath: jupyterPath(dataDir, input) };
}

export const BRIDGE_PACKAGE = 'jupyter-live-mcp-bridge';

/** The bridge's folder in a Jupyter data folder, where JupyterLab looks for it. */
export function bridgeDir(dataFolder: string): string {
  return path.join(dataFolder, 'labextensions', BRIDGE_PACKAGE);
}

export function bridgeSettingsFile(settingsDir: string): string {
  return path.join(settingsDir, BRIDGE_PACKAGE, 'plugin.jupyterlab-settings');
}
