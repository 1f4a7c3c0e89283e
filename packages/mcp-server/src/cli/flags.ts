/**
 * What the commands' flags have in common: one definition per flag (with what
 * to say when it is given to a command that does not take it), the groups
 * several commands share, and the checks of their values. Pure; a mistake is
 * a CliError that says what is accepted.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DEFAULT_BRIDGE_PORT } from '@jupyter-live-mcp/protocol';
import { LOG_LEVELS } from '../log.js';
import { closestWord } from './did-you-mean.js';

export class CliError extends Error {}

type FlagConfig = NonNullable<ParseArgsConfig['options']>[string];

/** What --help and docs/cli.md say of a flag (flag-docs.ts). */
export interface FlagDoc {
  /** The value's placeholder, e.g. `<n>`; none for a switch. */
  value?: string;
  /** Its value when not given, where that is one value. */
  default?: string;
  /** Plain text, for a terminal and a table alike. */
  help: string;
}

export type Flag = FlagConfig & {
  /** What to tell someone who gives this flag to a command that does not take it; without it, which flags that command takes. */
  elsewhere?: (value: string) => string;
  doc: FlagDoc;
};

export type Flags = Readonly<Record<string, Flag>>;

/** Every command takes these; the command line handles them before the command's own flags. */
export const COMMON_FLAGS = {
  help: { type: 'boolean', short: 'h', doc: { help: 'show this help' } },
  version: { type: 'boolean', short: 'v', doc: { help: 'print the version' } },
  'log-level': {
    type: 'string',
    doc: { value: '<level>', default: 'info', help: `${LOG_LEVELS.join(' | ')}; logs go to stderr (stdout is the MCP protocol)` }
  }
} as const satisfies Flags;

const foldersElsewhere = () => '--data-dir and --settings-dir go with install, uninstall and doctor.';

/** install, uninstall, doctor: where Jupyter's data and JupyterLab's user settings are (default: as Jupyter finds them). */
export const FOLDER_FLAGS = {
  'data-dir': {
    type: 'string',
    elsewhere: foldersElsewhere,
    doc: {
      value: '<dir>',
      help:
        "Jupyter's data folder, whose labextensions/ the bridge is copied into (JUPYTER_DATA_DIR, else " +
        'XDG_DATA_HOME/jupyter or ~/.local/share/jupyter on Linux)'
    }
  },
  'settings-dir': {
    type: 'string',
    elsewhere: foldersElsewhere,
    doc: {
      value: '<dir>',
      help:
        "JupyterLab's user settings folder, where the pairing goes (JUPYTERLAB_SETTINGS_DIR, else lab/user-settings in " +
        'JUPYTER_CONFIG_DIR or ~/.jupyter)'
    }
  }
} as const satisfies Flags;

export const PORT_FLAG = {
  port: {
    type: 'string',
    doc: {
      value: '<n>',
      default: String(DEFAULT_BRIDGE_PORT),
      help:
        'the bridge endpoint port, which pages dial (0 picks a free one); install points the bridge at it (serverUrls), ' +
        'doctor checks it'
    }
  }
} as const satisfies Flags;

/** lite and pair: open their page in the person's browser. */
export const OPEN_FLAG = {
  open: {
    type: 'boolean',
    elsewhere: () => '--open goes with lite (jupyter-live-mcp lite --open) and pair.',
    doc: { help: 'open the page in your default browser (xdg-open, open, start)' }
  }
} as const satisfies Flags;

/** Ports pages may dial through a forward or proxy, besides --port. */
export const PUBLIC_PORT_FLAG = {
  'public-port': {
    type: 'string',
    multiple: true,
    doc: {
      value: '<n>',
      help:
        'pages dial this port, forwarded to --port (ssh -L 9000:127.0.0.1:8767 → 9000, docker -p, a wss:// proxy → 443; ' +
        'repeatable); the pairing proofs name the port a page dialled, so without it such a page is refused'
    }
  }
} as const satisfies Flags;

type StrictConfig<F extends Flags> = { args: string[]; options: F; strict: true; allowPositionals: false };

export type FlagValues<F extends Flags> = ReturnType<typeof parseArgs<StrictConfig<F>>>['values'];

/** The values of `flags` in `args`, which hold no other flag and no command word. */
export function parseFlags<F extends Flags>(args: readonly string[], flags: F): FlagValues<F> {
  return parseStrictly({ args: [...args], options: flags, strict: true, allowPositionals: false }).values;
}

/**
 * parseArgs, whose refusal (an unknown flag, a missing value) becomes a CliError that points to
 * --help; an unknown flag close to a known one gets a "did you mean".
 */
export function parseStrictly<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    const { code, message } = error as Error & { code?: string };
    const unknown = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'--([^'=]+)/.exec(message)?.[1] : undefined;
    const meant = unknown === undefined ? undefined : closestWord(unknown, Object.keys(config.options ?? {}));
    // Node's advice on positionals that start with '-' would only confuse here.
    const said = unknown === undefined ? message : `Unknown option '--${unknown}'`;
    throw new CliError(`${said}.${meant ? ` Did you mean --${meant}?` : ''} Run jupyter-live-mcp --help for the options.`);
  }
}

export function folders(values: { 'data-dir'?: string; 'settings-dir'?: string }): { dataDir?: string; settingsDir?: string } {
  return {
    ...(values['data-dir'] !== undefined ? { dataDir: values['data-dir'] } : {}),
    ...(values['settings-dir'] !== undefined ? { settingsDir: values['settings-dir'] } : {})
  };
}

/** --port: the bridge endpoint's port, 0 for any free one. */
export function bridgePort(values: { port?: string }): number {
  return values.port === undefined ? DEFAULT_BRIDGE_PORT : integerIn('--port', values.port, 0, 65535);
}

export function publicPorts(values: { 'public-port'?: string[] }): number[] {
  return (values['public-port'] ?? []).map((text) => integerIn('--public-port', text, 1, 65535));
}

export function integerIn(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new CliError(`${flag} must be a whole number from ${min} to ${max}, not ${JSON.stringify(text)}.`);
  }
  return value;
}
