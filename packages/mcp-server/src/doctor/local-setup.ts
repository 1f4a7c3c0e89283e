/**
 * The facts doctor reads from files: the server's token file, the installed
 * bridges, and the bridge's JupyterLab user settings. Reads only: doctor never
 * creates a token or changes a setting.
 */
import path from 'node:path';
import { readConfigFile } from '@jupyter-live-mcp/protocol';
import { findInstalledBridges } from '../install/installed-bridges.js';
import { bridgeDir, bridgeSettingsFile } from '../install/jupyter-paths.js';
import { readSettingsFile, type SettingsRead } from '../install/settings-file.js';
import { FileRefusal, readOwnFile, type OwnFileRead } from '../pairing/own-files.js';
import { refuseOpenConfigFolder } from '../pairing/pairing-token.js';
import type { ExtensionFacts, SettingsFacts, TokenFacts } from './checks.js';

export async function readTokenFacts(file: string): Promise<TokenFacts> {
  let read: OwnFileRead | undefined;
  try {
    // The server refuses to start with such a folder: doctor says so first.
    await refuseOpenConfigFolder(file);
    read = await readOwnFile(file, { links: 'follow', redo: 'jupyter-live-mcp token --rotate' });
  } catch (error) {
    return error instanceof FileRefusal
      ? { file, state: 'refused', detail: error.detail, fix: error.fix }
      : { file, state: 'unreadable', error: `cannot read ${file}: ${(error as Error).message}` };
  }
  if (read === undefined) {
    return { file, state: 'missing' };
  }
  const { mode } = read;
  const { config, problem } = readConfigFile(read.text);
  if (!config.token) {
    return { file, state: 'invalid' };
  }
  return problem ? { file, state: 'damaged', problem } : { file, state: 'ok', token: config.token, mode };
}

export async function readExtensionFacts({ dataDir, dataPath }: { dataDir: string; dataPath: readonly string[] }): Promise<ExtensionFacts> {
  return { target: bridgeDir(path.resolve(dataDir)), searched: dataPath, found: await findInstalledBridges(dataPath) };
}

export async function readSettingsFacts(settingsDir: string): Promise<SettingsFacts> {
  const file = bridgeSettingsFile(settingsDir);
  let read: SettingsRead;
  try {
    read = await readSettingsFile(file, { shared: 'refuse' });
  } catch (error) {
    return error instanceof FileRefusal
      ? { file, state: 'refused', detail: error.detail, fix: error.fix }
      : { file, state: 'unreadable', error: `cannot read ${file}: ${(error as Error).message}` };
  }
  if (read.state === 'not-json') {
    return { file, state: 'not-json' };
  }
  if (!read.found) {
    return { file, state: 'missing' };
  }
  const { token, serverUrls, problems } = read.settings;
  return { file, state: 'ok', token, serverUrls, problems };
}
