/**
 * The CLI's one-shot commands: token, install, uninstall. Each prints what it
 * did on stderr (stdout carries only the token, for scripts).
 */
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { newToken } from '@jupyter-live-mcp/protocol';
import type { CliOptions } from '../cli-options.js';
import { forgetSettingsFile, loadToken, rememberSettingsFile, settingsFiles, tokenFile, writeToken } from '../pairing-token.js';
import { install, uninstall, writeBridgeSettings } from './install.js';
import { bridgeSettingsFile, jupyterDataDir, labSettingsDir } from './jupyter-paths.js';
import { httpBearer } from '../mcp/http-auth.js';

/** The prebuilt bridge the build copies next to dist/ (and the npm package ships). */
const BUNDLED_BRIDGE = fileURLToPath(new URL('../../labextension', import.meta.url));

const say = (lines: string[]) => process.stderr.write(lines.map((line) => `${line}\n`).join(''));

export async function tokenCommand(options: CliOptions): Promise<void> {
  if (options.bearer) {
    process.stdout.write(`${httpBearer(await loadToken())}\n`);
    return;
  }
  if (!options.rotate) {
    process.stdout.write(`${await loadToken()}\n`);
    return;
  }
  const token = await writeToken(newToken());
  const rewritten: string[] = [];
  for (const file of await settingsFiles()) {
    try {
      await writeBridgeSettings(file, { token });
      rewritten.push(`Rewrote the token in ${file}`);
    } catch (error) {
      rewritten.push(`Could not rewrite ${file}: ${(error as Error).message}`);
    }
  }
  process.stdout.write(`${token}\n`);
  say([
    `A new pairing token is in ${tokenFile()}.`,
    ...rewritten,
    'Reload your Jupyter pages, put the token into the bridge settings of pages install did not set up, and restart running jupyter-live-mcp servers.',
    'MCP clients of --http need the new key too: jupyter-live-mcp token --bearer.'
  ]);
}

function folders(options: CliOptions) {
  const input = { env: process.env, home: homedir(), platform: process.platform };
  return { dataDir: options.dataDir ?? jupyterDataDir(input), settingsDir: options.settingsDir ?? labSettingsDir(input) };
}

export async function installCommand(options: CliOptions): Promise<void> {
  const { dataDir, settingsDir } = folders(options);
  const lines = await install({
    source: BUNDLED_BRIDGE,
    dataDir,
    settingsDir,
    token: await loadToken(),
    ...(options.portGiven ? { serverUrl: `ws://127.0.0.1:${options.port}` } : {})
  });
  await rememberSettingsFile(bridgeSettingsFile(settingsDir));
  say(lines);
}

export async function uninstallCommand(options: CliOptions): Promise<void> {
  const { dataDir, settingsDir } = folders(options);
  say(await uninstall(dataDir, settingsDir));
  await forgetSettingsFile(bridgeSettingsFile(settingsDir));
}
