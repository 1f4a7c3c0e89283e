/**
 * The pairing token's home on the server side: a per-user file only the user
 * can read (mode 0600, in a 0700 folder), created with a fresh 256-bit token on
 * first run. JUPYTER_LIVE_MCP_CONFIG_DIR moves the folder (tests, several
 * setups); the default is $XDG_CONFIG_HOME/jupyter-live-mcp or
 * ~/.config/jupyter-live-mcp.
 */
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { TOKEN_PATTERN, newToken } from '@jupyter-live-mcp/protocol';

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.JUPYTER_LIVE_MCP_CONFIG_DIR) {
    return env.JUPYTER_LIVE_MCP_CONFIG_DIR;
  }
  return path.join(env.XDG_CONFIG_HOME || path.join(homedir(), '.config'), 'jupyter-live-mcp');
}

export function tokenFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(configDir(env), 'config.json');
}

/** What the config file holds. */
interface Config {
  token?: unknown;
  /** Bridge settings files `install` wrote the token into; `token --rotate` rewrites them. */
  settingsFiles?: string[];
  /** lite's page tokens, per --lite-port: a loaded page pairs again after a restart. */
  liteTokens?: Record<string, unknown>;
}

async function readConfig(env: NodeJS.ProcessEnv): Promise<Config | undefined> {
  const file = tokenFile(env);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`cannot read the pairing token file ${file}: ${(error as Error).message}`);
    }
    return undefined;
  }
  try {
    return JSON.parse(text) as Config;
  } catch {
    return {};
  }
}

/** The token, created on first use. */
export async function loadToken(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const file = tokenFile(env);
  const config = await readConfig(env);
  if (!config) {
    return writeToken(newToken(), env);
  }
  const token = config.token;
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) {
    throw new Error(
      `${file} holds no valid pairing token (64 hex digits under "token"). ` +
        'Run jupyter-live-mcp token --rotate to write a new one.'
    );
  }
  return token;
}

/**
 * The token lite's page on `port` proves: its own, never the pairing token, kept per
 * port so a page still open from the last run pairs again. Port 0 is a one-off.
 */
export async function loadLiteToken(port: number, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (port === 0) {
    return newToken();
  }
  const config = (await readConfig(env)) ?? {};
  const kept = config.liteTokens?.[String(port)];
  if (typeof kept === 'string' && TOKEN_PATTERN.test(kept)) {
    return kept;
  }
  const token = newToken();
  await writeConfig({ ...config, liteTokens: { ...config.liteTokens, [String(port)]: token } }, env);
  return token;
}

/**
 * Writes the token (keeping the rest of the config) atomically, readable by the user
 * only. lite's tokens go with the old one: a rotation replaces every token.
 */
export async function writeToken(token: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { liteTokens: _replaced, ...config } = (await readConfig(env)) ?? {};
  await writeConfig({ ...config, token }, env);
  return token;
}

/** The bridge settings files that hold the token (see install). */
export async function settingsFiles(env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  return (await readConfig(env))?.settingsFiles ?? [];
}

export async function rememberSettingsFile(settingsFile: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const config = (await readConfig(env)) ?? {};
  const files = new Set([...(config.settingsFiles ?? []), settingsFile]);
  await writeConfig({ ...config, settingsFiles: [...files] }, env);
}

export async function forgetSettingsFile(settingsFile: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const config = await readConfig(env);
  if (config?.settingsFiles?.includes(settingsFile)) {
    await writeConfig({ ...config, settingsFiles: config.settingsFiles.filter((file) => file !== settingsFile) }, env);
  }
}

async function writeConfig(config: Config, env: NodeJS.ProcessEnv): Promise<void> {
  const file = tokenFile(env);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(config, null, 2) + '\n', { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}
