/**
 * `jupyter-live-mcp install` and `uninstall`: the bundled bridge copied into
 * Jupyter's labextensions folder (unless pip installed one), and the token
 * (with --port, the server URL) written into its settings; uninstall removes
 * the copy and just those settings. Each says what it did on stderr.
 */
import path from 'node:path';
import { DEFAULT_BRIDGE_PORT } from '@jupyter-live-mcp/protocol';
import { bridgeSettingsFile, jupyterFolders } from '../install/jupyter-paths.js';
import { PACKAGE_DIR } from '../package-dir.js';
import { forgetSettingsFile, installedKeys, loadToken, rememberSettingsFile } from '../pairing/pairing-token.js';
import { say, type Command } from './command.js';
import { CliError, FOLDER_FLAGS, PORT_FLAG, bridgePort, folders, parseFlags, type Flags } from './flags.js';

/** The prebuilt bridge the build copies next to dist/ (and the npm package ships). */
const BUNDLED_BRIDGE = path.join(PACKAGE_DIR, 'labextension');

const INSTALL_FLAGS = { ...FOLDER_FLAGS, ...PORT_FLAG } as const satisfies Flags;

export interface InstallOptions {
  dataDir?: string;
  settingsDir?: string;
  /** --port: the server URL goes into the page's settings (without it, the page's setting is left as it is). */
  port?: number;
}

export const installCommand: Command<InstallOptions> = {
  word: 'install',
  name: 'install',
  flags: INSTALL_FLAGS,
  parse(args) {
    const values = parseFlags(args, INSTALL_FLAGS);
    if (values.port === undefined) {
      return folders(values);
    }
    const port = bridgePort(values);
    if (port === 0) {
      throw new CliError(
        "install writes the server's URL into the page's settings, so it needs the port the server will use; " +
          `--port 0 picks another each run. Give a fixed --port, or leave it out for ${DEFAULT_BRIDGE_PORT}.`
      );
    }
    return { ...folders(values), port };
  },
  async run(options, { version }) {
    // Loaded when the command runs, as every command's work is: the server's process never holds it.
    const { install } = await import('../install/install.js');
    const { lines, settingsFile, keys } = await install({
      source: BUNDLED_BRIDGE,
      ...jupyterFolders(options),
      token: await loadToken(),
      version,
      uninstall: uninstallCommandLine(options),
      ...(options.port !== undefined ? { serverUrl: `ws://127.0.0.1:${options.port}` } : {})
    });
    await rememberSettingsFile(settingsFile, keys);
    say(lines);
  }
};

/** The uninstall that undoes an install given these folders: the same folder flags, quoted for a shell. */
export function uninstallCommandLine({ dataDir, settingsDir }: InstallOptions): string {
  const flags = [
    ...(dataDir !== undefined ? ['--data-dir', shellWord(dataDir)] : []),
    ...(settingsDir !== undefined ? ['--settings-dir', shellWord(settingsDir)] : [])
  ];
  return ['jupyter-live-mcp uninstall', ...flags].join(' ');
}

function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

export const uninstallCommand: Command<{ dataDir?: string; settingsDir?: string }> = {
  word: 'uninstall',
  name: 'uninstall',
  flags: FOLDER_FLAGS,
  parse: (args) => folders(parseFlags(args, FOLDER_FLAGS)),
  async run(options) {
    const { uninstall } = await import('../install/install.js');
    const jupyter = jupyterFolders(options);
    const settingsFile = bridgeSettingsFile(jupyter.settingsDir);
    say(await uninstall({ ...jupyter, keys: await installedKeys(settingsFile) }));
    await forgetSettingsFile(settingsFile);
  }
};
