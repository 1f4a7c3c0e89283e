/**
 * The pairing token's home on the server side: a per-user file only the user
 * can read (mode 0600, in a 0700 folder), created with a fresh 256-bit token on
 * first run; a file others can read, or a folder others can write to, is
 * refused with what to do. JUPYTER_LIVE_MCP_CONFIG_DIR moves the folder (tests, several
 * setups); the default is $XDG_CONFIG_HOME/jupyter-live-mcp or
 * ~/.config/jupyter-live-mcp.
 */
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { newToken, readConfigFile, type ConfigFile, type ReadConfigFile } from '@jupyter-live-mcp/protocol';
import { FileRefusal, HAS_MODES, octal, openFolderAbove, readOwnFile, writeOwnFile, type OwnFileRead } from './own-files.js';

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.JUPYTER_LIVE_MCP_CONFIG_DIR) {
    return env.JUPYTER_LIVE_MCP_CONFIG_DIR;
  }
  return path.join(env.XDG_CONFIG_HOME || path.join(homedir(), '.config'), 'jupyter-live-mcp');
}

export function tokenFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(configDir(env), 'config.json');
}

/**
 * Refuses a config folder others can write to, or any folder above it that
 * lets them replace it (own-files.ts openFolderAbove): they could put a token
 * of their own in place of the file (as ssh refuses such a folder). Fixing the
 * mode would not say whether they already have. Doctor says the same.
 */
export async function refuseOpenConfigFolder(file: string): Promise<void> {
  const open = HAS_MODES ? await openFolderAbove(file) : undefined;
  if (!open) {
    return;
  }
  const then = 'then jupyter-live-mcp token --rotate and reload your Jupyter pages.';
  throw open.owner !== undefined
    ? new FileRefusal(
        `${open.path} belongs to another user (uid ${open.owner}), so they could replace the pairing token`,
        `Keep the config folder in folders of your own (JUPYTER_LIVE_MCP_CONFIG_DIR moves it), ${then}`
      )
    : new FileRefusal(
        `${open.path} can be written by other users (mode ${octal(open.mode)}), so they could replace the pairing token`,
        `Run chmod ${open.path === path.dirname(file) ? '700' : 'go-w'} ${open.path}, ${then}`
      );
}

/** As doctor advises for it. */
function unreadable(file: string, error: Error): Error {
  return new Error(
    `cannot read the pairing token file ${file}: ${error.message}. Make it a file readable by you (chmod 600 ${file}), then try again.`
  );
}

/**
 * config.json as it is: undefined if there is none; else its valid fields,
 * what is wrong if it is damaged (configFileSchema, in the protocol package),
 * and its mode.
 */
async function readConfig(env: NodeJS.ProcessEnv): Promise<(ReadConfigFile & { mode: number }) | undefined> {
  await refuseOpenConfigFolder(tokenFile(env));
  const file = tokenFile(env);
  let read: OwnFileRead | undefined;
  try {
    read = await readOwnFile(file, { links: 'follow', redo: 'jupyter-live-mcp token --rotate' });
  } catch (error) {
    throw error instanceof FileRefusal ? error : unreadable(file, error as Error);
  }
  return read && { ...readConfigFile(read.text), mode: read.mode };
}

/**
 * The config to build on, refusing a damaged file, or one others can read (as
 * ssh refuses such a key: they may know the token, so it must be replaced,
 * not just made private): only `token --rotate` writes over either.
 */
async function intactConfig(env: NodeJS.ProcessEnv): Promise<ConfigFile | undefined> {
  const read = await readConfig(env);
  if (!read) {
    return undefined;
  }
  const file = tokenFile(env);
  if (HAS_MODES && (read.mode & 0o077) !== 0) {
    throw new Error(
      `${file} can be read by other users (mode ${octal(read.mode)}), so they may know the pairing token. Run ` +
        'jupyter-live-mcp token --rotate: the new token is readable by you only, and goes into the settings install wrote. ' +
        'Then reload your Jupyter pages.'
    );
  }
  if (!read.config.token) {
    throw new Error(
      `${file} holds no valid pairing token (64 hex digits under "token"). Run jupyter-live-mcp token --rotate to write a new one.`
    );
  }
  if (read.problem) {
    throw new Error(
      `${file} is damaged (${read.problem}). Correct that, or run jupyter-live-mcp token --rotate to write a new file ` +
        '(it keeps what is valid), then jupyter-live-mcp install again and reload your Jupyter pages.'
    );
  }
  return read.config;
}

/** The token, created on first use. */
export async function loadToken(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const config = await intactConfig(env);
  return config?.token ?? writeToken(newToken(), env);
}

/**
 * The token lite's page on `port` proves: its own, never the pairing token, kept per
 * port so a page still open from the last run pairs again. Port 0 is a one-off.
 */
export async function loadLiteToken(port: number, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (port === 0) {
    return newToken();
  }
  const config = (await intactConfig(env)) ?? {};
  const kept = config.liteTokens?.[String(port)];
  if (kept) {
    return kept;
  }
  const token = newToken();
  await writeConfig({ ...config, liteTokens: { ...config.liteTokens, [String(port)]: token } }, env);
  return token;
}

/**
 * The token pages of `origin` (served from another host) prove, made on first
 * use or anew with `rotate` (the old one stops working at once).
 */
export async function pairOriginToken(origin: string, rotate: boolean, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  // The file holds the pairing token first, as every other token's file does.
  await loadToken(env);
  const config = (await intactConfig(env))!;
  const kept = config.pairedOrigins?.[origin];
  if (kept && !rotate) {
    return kept;
  }
  const token = newToken();
  await writeConfig({ ...config, pairedOrigins: { ...config.pairedOrigins, [origin]: token } }, env);
  return token;
}

/** The origins `pair` paired and their tokens, as the file says now (a running server reads it at each page's arrival). */
export async function pairedOrigins(env: NodeJS.ProcessEnv = process.env): Promise<Record<string, string>> {
  return (await intactConfig(env))?.pairedOrigins ?? {};
}

/**
 * Writes the token (keeping the rest of the config) atomically, readable by the user
 * only. lite's and paired origins' tokens go with the old one: a rotation replaces
 * every token. This also repairs a damaged file: what is valid is kept, the rest dropped.
 */
export async function writeToken(token: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { liteTokens: _replaced, pairedOrigins: _alsoReplaced, ...config } = (await readConfig(env))?.config ?? {};
  await writeConfig({ ...config, token }, env);
  return token;
}

/** The bridge settings files that hold the token (see install). */
export async function settingsFiles(env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  return (await intactConfig(env))?.settingsFiles ?? [];
}

/** Remembers that install set `keys` in `settingsFile`, besides what earlier installs set there. */
export async function rememberSettingsFile(
  settingsFile: string,
  keys: readonly string[],
  env: NodeJS.ProcessEnv = process.env
): Promise<void> {
  const config = (await intactConfig(env)) ?? {};
  const files = new Set([...(config.settingsFiles ?? []), settingsFile]);
  const installed = new Set([...(config.installedKeys?.[settingsFile] ?? []), ...keys]);
  await writeConfig(
    { ...config, settingsFiles: [...files], installedKeys: { ...config.installedKeys, [settingsFile]: [...installed] } },
    env
  );
}

/**
 * The keys install set in `settingsFile`. Only the token for a file installed
 * before they were remembered, or when config.json cannot tell: install always
 * writes it, and it is of no use without the extension.
 */
export async function installedKeys(settingsFile: string, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const config = await readConfig(env).catch(() => undefined);
  return config?.config.installedKeys?.[settingsFile] ?? ['token'];
}

export async function forgetSettingsFile(settingsFile: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const config = await intactConfig(env);
  if (config?.settingsFiles?.includes(settingsFile) || config?.installedKeys?.[settingsFile]) {
    const { [settingsFile]: _forgotten, ...installed } = config.installedKeys ?? {};
    await writeConfig(
      { ...config, settingsFiles: (config.settingsFiles ?? []).filter((file) => file !== settingsFile), installedKeys: installed },
      env
    );
  }
}

/** Writes the whole file at once (own-files.ts), so nothing planted in the folder is written through. */
async function writeConfig(config: ConfigFile, env: NodeJS.ProcessEnv): Promise<void> {
  await refuseOpenConfigFolder(tokenFile(env));
  const file = tokenFile(env);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeOwnFile(file, `${JSON.stringify(config, null, 2)}\n`);
}
