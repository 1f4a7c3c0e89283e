/**
 * `jupyter-live-mcp token`: prints the pairing token (created on first use),
 * replaces it (--rotate, also in the settings install wrote), or prints the
 * key MCP clients of --http send (--bearer). stdout carries only the token or
 * key, for scripts.
 */
import { newToken } from '@jupyter-live-mcp/protocol';
import { httpBearer } from '../transport/http-auth.js';
import { loadToken, settingsFiles, tokenFile, writeToken } from '../pairing/pairing-token.js';
import { say, type Command } from './command.js';
import { CliError, parseFlags, type Flags } from './flags.js';

const TOKEN_FLAGS = {
  rotate: {
    type: 'boolean',
    elsewhere: () => '--rotate goes with the token command: jupyter-live-mcp token --rotate.',
    doc: { help: 'replace the token with a new one, also in the settings install wrote' }
  },
  bearer: {
    type: 'boolean',
    elsewhere: () => '--bearer goes with the token command: jupyter-live-mcp token --bearer.',
    doc: { help: 'print the key MCP clients of --http send (Authorization: Bearer <key>)' }
  }
} as const satisfies Flags;

export interface TokenOptions {
  rotate: boolean;
  bearer: boolean;
}

export const tokenCommand: Command<TokenOptions> = {
  word: 'token',
  name: 'token',
  flags: TOKEN_FLAGS,
  parse(args) {
    const { rotate = false, bearer = false } = parseFlags(args, TOKEN_FLAGS);
    if (bearer && rotate) {
      throw new CliError('token takes --rotate or --bearer, not both: rotate first, then print the new key with token --bearer.');
    }
    return { rotate, bearer };
  },
  run: (options) => token(options)
};

async function token(options: TokenOptions): Promise<void> {
  if (options.bearer) {
    process.stdout.write(`${httpBearer(await loadToken())}\n`);
    return;
  }
  if (!options.rotate) {
    process.stdout.write(`${await loadToken()}\n`);
    return;
  }
  const { writeBridgeSettings } = await import('../install/install.js');
  const token = await writeToken(newToken());
  const rewritten: string[] = [];
  for (const file of await settingsFiles()) {
    try {
      const notes = await writeBridgeSettings(file, { token });
      rewritten.push(`Rewrote the token in ${file}`, ...notes);
    } catch (error) {
      rewritten.push(`Could not rewrite ${file}: ${(error as Error).message}`);
    }
  }
  process.stdout.write(`${token}\n`);
  say([
    `A new pairing token is in ${tokenFile()}.`,
    ...rewritten,
    'Reload your Jupyter pages, put the token into the bridge settings of pages install did not set up, and restart running jupyter-live-mcp servers.',
    'Pages paired with jupyter-live-mcp pair (a JupyterHub, a remote Jupyter) need pair again: their secrets were replaced too.',
    'MCP clients of --http need the new key too: jupyter-live-mcp token --bearer.'
  ]);
}
