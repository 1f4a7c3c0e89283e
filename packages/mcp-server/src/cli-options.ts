/**
 * The command line, parsed into options. Pure, so every flag and every mistake
 * is unit-tested; a mistake is an error that says what is accepted.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_MESSAGE_BYTES } from '@jupyter-live-mcp/protocol';
import { LOG_LEVELS, type LogLevel } from './log.js';

/** The bridge endpoint's default port (8765 is taken by a neighbouring tool). */
export const DEFAULT_PORT = 8767;

export interface CliOptions {
  command: 'serve' | 'token' | 'install' | 'uninstall' | 'help' | 'version';
  /** install/uninstall: where Jupyter's data and JupyterLab's user settings are (default: as Jupyter finds them). */
  dataDir?: string;
  settingsDir?: string;
  port: number;
  /** Where the bridge endpoint listens: both loopback addresses unless --host says otherwise. */
  hosts: string[];
  /** Origins allowed besides the loopback ones, e.g. a JupyterHub's. */
  allowOrigins: string[];
  logLevel: LogLevel;
  maxMessageBytes: number;
  /** token --rotate */
  rotate: boolean;
}

export const LOOPBACK_HOSTS = ['127.0.0.1', '::1'];

export const USAGE = `Usage: jupyter-live-mcp [options]
       jupyter-live-mcp token [--rotate]
       jupyter-live-mcp install [--data-dir DIR] [--settings-dir DIR] [--port N]
       jupyter-live-mcp uninstall [--data-dir DIR] [--settings-dir DIR]

Runs an MCP server on stdio that drives the Jupyter page(s) connected to it.
Pages connect through the jupyter-live-mcp-bridge extension and prove the
pairing token (the bridge's "token" setting).

Commands:
  token                  print the pairing token (created on first use)
  token --rotate         replace it with a new one (and in the settings install wrote)
  install                copy the bridge into Jupyter's labextensions folder and write
                         the token (and, with --port, the server URL) into its settings
  uninstall              remove both again

Options:
  --port <n>             bridge endpoint port (default ${DEFAULT_PORT}; 0 picks a free one)
  --host <address>       listen on this address instead of 127.0.0.1 and ::1 (repeatable);
                         anything but loopback lets other machines try to connect
  --allow-origin <url>   also accept pages from this origin, e.g. https://hub.example.org (repeatable)
  --log-level <level>    ${LOG_LEVELS.join(' | ')} (default info); logs go to stderr
  --max-message-mb <n>   largest wire message accepted from a page, in MiB (default 64)
  -h, --help             show this help
  -v, --version          print the version
`;

export class CliError extends Error {}

export function parseCli(argv: readonly string[]): CliOptions {
  let values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        host: { type: 'string', multiple: true },
        'allow-origin': { type: 'string', multiple: true },
        rotate: { type: 'boolean' },
        'data-dir': { type: 'string' },
        'settings-dir': { type: 'string' },
        'log-level': { type: 'string' },
        'max-message-mb': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' }
      },
      strict: true,
      allowPositionals: true
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}. Run jupyter-live-mcp --help for the options.`);
  }
  const logLevel = values['log-level'] ?? 'info';
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    throw new CliError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, not ${JSON.stringify(logLevel)}.`);
  }
  const [command, ...extra] = positionals;
  const commands = ['token', 'install', 'uninstall'] as const;
  if ((command !== undefined && !commands.includes(command as (typeof commands)[number])) || extra.length) {
    throw new CliError(`unknown command "${[command, ...extra].join(' ')}". Commands: ${commands.join(', ')}. Run jupyter-live-mcp --help.`);
  }
  if ((values['data-dir'] || values['settings-dir']) && command !== 'install' && command !== 'uninstall') {
    throw new CliError('--data-dir and --settings-dir go with install and uninstall.');
  }
  if (values.rotate && command !== 'token') {
    throw new CliError('--rotate goes with the token command: jupyter-live-mcp token --rotate.');
  }
  const allowOrigins = (values['allow-origin'] ?? []).map((origin) => {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new CliError(`--allow-origin must be an origin such as https://hub.example.org, not ${JSON.stringify(origin)}.`);
    }
    if (url.origin !== origin) {
      throw new CliError(`--allow-origin must be just an origin (scheme, host and port), e.g. ${JSON.stringify(url.origin)}, not ${JSON.stringify(origin)}.`);
    }
    return origin;
  });
  return {
    command: values.help ? 'help' : values.version ? 'version' : ((command as (typeof commands)[number] | undefined) ?? 'serve'),
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    ...(values['settings-dir'] ? { settingsDir: values['settings-dir'] } : {}),
    port: values.port === undefined ? DEFAULT_PORT : integerIn('--port', values.port, 0, 65535),
    hosts: values.host?.length ? values.host : LOOPBACK_HOSTS,
    allowOrigins,
    rotate: values.rotate ?? false,
    logLevel: logLevel as LogLevel,
    maxMessageBytes:
      values['max-message-mb'] === undefined
        ? DEFAULT_MAX_MESSAGE_BYTES
        : integerIn('--max-message-mb', values['max-message-mb'], 1, 4096) * 1024 * 1024
  };
}

function integerIn(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new CliError(`${flag} must be a whole number from ${min} to ${max}, not ${JSON.stringify(text)}.`);
  }
  return value;
}
