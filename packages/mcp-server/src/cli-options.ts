/**
 * The command line, parsed into options. Pure, so every flag and every mistake
 * is unit-tested; a mistake is an error that says what is accepted.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_BRIDGE_PORT as DEFAULT_PORT, DEFAULT_MAX_MESSAGE_BYTES } from '@jupyter-live-mcp/protocol';
import { LOG_LEVELS, type LogLevel } from './log.js';
import { parseHttpAddress, type HttpAddress } from './mcp/http-address.js';
import { DEFAULT_LITE_PORT, type LiteOptions } from './lite/start-lite.js';

export { DEFAULT_BRIDGE_PORT as DEFAULT_PORT } from '@jupyter-live-mcp/protocol';

export interface CliOptions {
  command: 'serve' | 'lite' | 'token' | 'install' | 'uninstall' | 'doctor' | 'help' | 'version';
  /** install/uninstall/doctor: where Jupyter's data and JupyterLab's user settings are (default: as Jupyter finds them). */
  dataDir?: string;
  settingsDir?: string;
  port: number;
  /** --port was given: install writes serverUrls for it (without it, the page's setting is left as it is). */
  portGiven: boolean;
  /** --http: serve MCP over Streamable HTTP here instead of stdio. */
  http?: HttpAddress;
  /** Where the bridge endpoint listens: both loopback addresses unless --host says otherwise. */
  hosts: string[];
  /** --public-port: ports pages may dial through a forward or proxy, besides --port. */
  publicPorts: number[];
  /** Origins allowed besides the loopback ones, e.g. a JupyterHub's. */
  allowOrigins: string[];
  logLevel: LogLevel;
  maxMessageBytes: number;
  /** token --rotate */
  rotate: boolean;
  /** token --bearer: print the key --http clients send. */
  bearer: boolean;
  /** lite: the page's port and the browser to open it in. */
  lite?: LiteOptions;
}

export const LOOPBACK_HOSTS = ['127.0.0.1', '::1'];

export const USAGE = `Usage: jupyter-live-mcp [options]
       jupyter-live-mcp lite [--open | --headless] [--lite-port N] [options]
       jupyter-live-mcp token [--rotate | --bearer]
       jupyter-live-mcp install [--data-dir DIR] [--settings-dir DIR] [--port N]
       jupyter-live-mcp uninstall [--data-dir DIR] [--settings-dir DIR]
       jupyter-live-mcp doctor [--data-dir DIR] [--settings-dir DIR] [--port N] [--public-port N]...

Runs an MCP server on stdio that drives the Jupyter page(s) connected to it.
Pages connect through the jupyter-live-mcp-bridge extension and prove the
pairing token (the bridge's "token" setting).

Commands:
  lite                   the server plus a JupyterLite page with the bridge, paired, on
                         loopback (JavaScript kernel; no Jupyter or Python needed); its URL
                         goes to stderr
  token                  print the pairing token (created on first use)
  token --rotate         replace it with a new one (and in the settings install wrote)
  token --bearer         print the key MCP clients of --http send (Authorization: Bearer <key>)
  install                copy the bridge into Jupyter's labextensions folder and write
                         the token (and, with --port, the server URL) into its settings
  uninstall              remove both again
  doctor                 check the port, token, installed bridge and connected pages,
                         and say how to fix what is wrong (exit code 1 if anything is)

Options:
  --port <n>             bridge endpoint port (default ${DEFAULT_PORT}; 0 picks a free one)
  --http [host:]port     serve MCP over Streamable HTTP at http://host:port/mcp instead of
                         stdio, for several agents at once (host default 127.0.0.1);
                         runs until Ctrl-C
  --host <address>       listen on this address instead of 127.0.0.1 and ::1 (repeatable);
                         anything but loopback lets other machines try to connect
  --public-port <n>      pages dial this port, forwarded to --port (ssh -L, docker -p, a proxy;
                         repeatable); the pairing proofs name the port a page dialled
  --allow-origin <url>   also accept pages from this origin, e.g. https://hub.example.org (repeatable)
  --log-level <level>    ${LOG_LEVELS.join(' | ')} (default info); logs go to stderr
  --max-message-mb <n>   largest wire message accepted from a page, in MiB (default 64)
  --open                 lite: open the page in your browser
  --headless             lite: open the page in the system's Chromium, headless
                         (CHROMIUM_PATH, else chromium / google-chrome)
  --lite-port <n>        lite: the page's port (default ${DEFAULT_LITE_PORT}); the browser keeps
                         the page's notebooks per port
  -h, --help             show this help
  -v, --version          print the version
`;

export class CliError extends Error {}

export function parseCli(argv: readonly string[]): CliOptions {
  // Help is what someone unsure of the flags asks for: given, it wins over their mistakes.
  if (argv.includes('--help') || argv.includes('-h')) {
    return { ...parseCli([]), command: 'help' };
  }
  let values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        http: { type: 'string' },
        host: { type: 'string', multiple: true },
        'public-port': { type: 'string', multiple: true },
        'allow-origin': { type: 'string', multiple: true },
        rotate: { type: 'boolean' },
        bearer: { type: 'boolean' },
        'data-dir': { type: 'string' },
        'settings-dir': { type: 'string' },
        'log-level': { type: 'string' },
        'max-message-mb': { type: 'string' },
        'lite-port': { type: 'string' },
        open: { type: 'boolean' },
        headless: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' }
      },
      strict: true,
      allowPositionals: true
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}. Run jupyter-live-mcp --help for the options.`);
  }
  for (const [name, value] of Object.entries(values)) {
    // An empty value (--data-dir="$UNSET") must not quietly mean the default: uninstall would
    // then remove the real extension, and --host "" would listen on every interface.
    if (value === '' || (Array.isArray(value) && value.includes(''))) {
      throw new CliError(`--${name} was given an empty value. Give it one, or leave the flag out for the default.`);
    }
  }
  const logLevel = values['log-level'] ?? 'info';
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    throw new CliError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, not ${JSON.stringify(logLevel)}.`);
  }
  const [command, ...extra] = positionals;
  const commands = ['lite', 'token', 'install', 'uninstall', 'doctor'] as const;
  if ((command !== undefined && !commands.includes(command as (typeof commands)[number])) || extra.length) {
    throw new CliError(`unknown command "${[command, ...extra].join(' ')}". Commands: ${commands.join(', ')}. Run jupyter-live-mcp --help.`);
  }
  if ((values['data-dir'] !== undefined || values['settings-dir'] !== undefined) && command !== 'install' && command !== 'uninstall' && command !== 'doctor') {
    throw new CliError('--data-dir and --settings-dir go with install, uninstall and doctor.');
  }
  if (values.rotate && command !== 'token') {
    throw new CliError('--rotate goes with the token command: jupyter-live-mcp token --rotate.');
  }
  if (values.bearer && command !== 'token') {
    throw new CliError('--bearer goes with the token command: jupyter-live-mcp token --bearer.');
  }
  if (values.bearer && values.rotate) {
    throw new CliError('token takes --rotate or --bearer, not both: rotate first, then print the new key with token --bearer.');
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
  const port = values.port === undefined ? DEFAULT_PORT : integerIn('--port', values.port, 0, 65535);
  if (command === 'install' && values.port !== undefined && port === 0) {
    throw new CliError(
      'install writes the server\'s URL into the page\'s settings, so it needs the port the server will use; ' +
        `--port 0 picks another each run. Give a fixed --port, or leave it out for ${DEFAULT_PORT}.`
    );
  }
  const http = values.http === undefined ? undefined : httpAddress(values.http, command, port);
  const lite = liteOptions(values, command, port);
  if (http && lite && http.port !== 0 && http.port === lite.port) {
    throw new CliError(`--http and --lite-port both name port ${lite.port}: the MCP endpoint and the lite page need a port each.`);
  }
  // After the checks above, whose messages say more about the flags they know.
  const misplaced = Object.keys(values).find((flag) => !flagsOf(command).includes(flag));
  if (misplaced) {
    const name = command ?? 'the server';
    throw new CliError(`--${misplaced} does not go with ${name}, which takes ${flagsOf(command).map((flag) => `--${flag}`).join(', ')}.`);
  }
  return {
    command: values.help ? 'help' : values.version ? 'version' : ((command as (typeof commands)[number] | undefined) ?? 'serve'),
    ...(values['data-dir'] !== undefined ? { dataDir: values['data-dir'] } : {}),
    ...(values['settings-dir'] !== undefined ? { settingsDir: values['settings-dir'] } : {}),
    port,
    portGiven: values.port !== undefined,
    ...(http ? { http } : {}),
    ...(lite ? { lite } : {}),
    hosts: values.host?.length ? listenHosts(values.host) : LOOPBACK_HOSTS,
    publicPorts: (values['public-port'] ?? []).map((text) => integerIn('--public-port', text, 1, 65535)),
    allowOrigins,
    rotate: values.rotate ?? false,
    bearer: values.bearer ?? false,
    logLevel: logLevel as LogLevel,
    maxMessageBytes:
      values['max-message-mb'] === undefined
        ? DEFAULT_MAX_MESSAGE_BYTES
        : integerIn('--max-message-mb', values['max-message-mb'], 1, 4096) * 1024 * 1024
  };
}

const EVERYWHERE = ['help', 'version', 'log-level'];
const SERVER_FLAGS = ['port', 'http', 'host', 'public-port', 'allow-origin', 'max-message-mb'];
/** Which flags each command takes, so one given to another command is refused rather than ignored. */
const COMMAND_FLAGS: Record<string, readonly string[]> = {
  serve: SERVER_FLAGS,
  lite: [...SERVER_FLAGS, 'lite-port', 'open', 'headless'],
  token: ['rotate', 'bearer'],
  install: ['data-dir', 'settings-dir', 'port'],
  uninstall: ['data-dir', 'settings-dir'],
  doctor: ['data-dir', 'settings-dir', 'port', 'public-port']
};

function flagsOf(command: string | undefined): readonly string[] {
  return [...(COMMAND_FLAGS[command ?? 'serve'] ?? []), ...EVERYWHERE];
}

/** The --host addresses as listen() takes them: IPv6 without brackets (as --http writes it), each once. */
function listenHosts(hosts: string[]): string[] {
  return [...new Set(hosts.map((host) => (/^\[.*\]$/.test(host) ? host.slice(1, -1) : host)))];
}

function httpAddress(text: string, command: string | undefined, bridgePort: number): HttpAddress {
  if (command !== undefined && command !== 'lite') {
    throw new CliError(`--http goes with the server itself or lite: jupyter-live-mcp --http ${text}, or jupyter-live-mcp lite --http ${text}.`);
  }
  let address: HttpAddress;
  try {
    address = parseHttpAddress(text);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  if (address.port !== 0 && address.port === bridgePort) {
    throw new CliError(`--http and --port both name port ${bridgePort}: the MCP endpoint and the bridge endpoint need a port each.`);
  }
  return address;
}

function liteOptions(
  values: { 'lite-port'?: string; open?: boolean; headless?: boolean },
  command: string | undefined,
  bridgePort: number
): LiteOptions | undefined {
  if (command !== 'lite') {
    if (values['lite-port'] !== undefined || values.open || values.headless) {
      throw new CliError('--open, --headless and --lite-port go with the lite command: jupyter-live-mcp lite --open.');
    }
    return undefined;
  }
  if (values.open && values.headless) {
    throw new CliError('--open and --headless each open the page in a browser: give one of them.');
  }
  const port = values['lite-port'] === undefined ? DEFAULT_LITE_PORT : integerIn('--lite-port', values['lite-port'], 0, 65535);
  if (port !== 0 && port === bridgePort) {
    throw new CliError(`--lite-port and --port both name port ${port}: the page and the bridge endpoint need a port each.`);
  }
  return { port, browser: values.open ? 'open' : values.headless ? 'headless' : 'none' };
}

function integerIn(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new CliError(`${flag} must be a whole number from ${min} to ${max}, not ${JSON.stringify(text)}.`);
  }
  return value;
}
