/**
 * The facts doctor reads from files: the server's token file, the installed
 * bridges, and the bridge's JupyterLab user settings. Reads only: doctor never
 * creates a token or changes a setting.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { readBridgeSettingsFile, readConfigFile } from '@jupyter-live-mcp/protocol';
import { findInstalledBridges } from '../install/installed-bridges.js';
import { bridgeDir, bridgeSettingsFile } from '../install/jupyter-paths.js';
import type { ExtensionFacts, SettingsFacts, TokenFacts } from './checks.js';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export async function readTokenFacts(file: string): Promise<TokenFacts> {
  let text: string;
  let mode: number;
  try {
    text = await readFile(file, 'utf8');
    mode = (await stat(file)).mode;
  } catch (error) {
    return isMissing(error)
      ? { file, state: 'missing' }
      : { file, state: 'unreadable', error: `cannot read ${file}: ${(error as Error).message}` };
  }
  const { config, problem } = readConfigFile(text);
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
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return isMissing(error)
      ? { file, state: 'missing' }
      : { file, state: 'unreadable', error: `cannot read ${file}: ${(error as Error).message}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { file, state: 'not-json' };
  }
  const settings = readBridgeSettingsFile(json);
  if (!settings) {
    return { file, state: 'not-json' };
  }
  const { token, serverUrls, problems } = settings;
  return { file, state: 'ok', token, serverUrls, problems };
}
