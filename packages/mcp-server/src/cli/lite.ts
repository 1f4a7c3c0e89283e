/**
 * `jupyter-live-mcp lite`: the server (serve.ts, with every server flag) plus
 * the embedded JupyterLite page, paired, on loopback (lite/start-lite.ts).
 */
import type { LiteOptions } from '../lite/start-lite.js';
import type { Command } from './command.js';
import { CliError, OPEN_FLAG, integerIn, parseFlags, type Flags } from './flags.js';
import { runServer } from './serve.js';
import { SERVER_FLAGS, serverOptions, type ServerOptions } from './server-flags.js';

/** Fixed, so the browser's JupyterLite storage (per origin, so per port) is the same next run. */
export const DEFAULT_LITE_PORT = 8768;

const liteElsewhere = () => '--headless, --lite-port and --no-save-on-stop go with the lite command: jupyter-live-mcp lite --open.';

const LITE_FLAGS = {
  ...SERVER_FLAGS,
  'lite-port': {
    type: 'string',
    elsewhere: liteElsewhere,
    doc: {
      value: '<n>',
      default: String(DEFAULT_LITE_PORT),
      help: "the page's port (0 picks a free one); the browser keeps the page's notebooks per port"
    }
  },
  ...OPEN_FLAG,
  headless: {
    type: 'boolean',
    elsewhere: liteElsewhere,
    doc: {
      help:
        "open the page in the system's Chromium, headless, for a machine with no display (CHROMIUM_PATH, else " +
        'chromium, chromium-browser or google-chrome); it stops with the server, and no browser is ever downloaded'
    }
  },
  'no-save-on-stop': {
    type: 'boolean',
    elsewhere: liteElsewhere,
    doc: {
      help:
        "with --headless, leave the page's unsaved notebooks unsaved when the server stops (it saves them by default); " +
        'the stop names what it left'
    }
  }
} as const satisfies Flags;

export interface LiteCommandOptions extends ServerOptions {
  /** The page's port and the browser to open it in. */
  lite: LiteOptions;
}

export const liteCommand: Command<LiteCommandOptions> = {
  word: 'lite',
  name: 'lite',
  flags: LITE_FLAGS,
  parse(args) {
    const values = parseFlags(args, LITE_FLAGS);
    const server = serverOptions(values);
    if (values.open && values.headless) {
      throw new CliError('--open and --headless each open the page in a browser: give one of them.');
    }
    const port = values['lite-port'] === undefined ? DEFAULT_LITE_PORT : integerIn('--lite-port', values['lite-port'], 0, 65535);
    if (port !== 0 && port === server.port) {
      throw new CliError(`--lite-port and --port both name port ${port}: the page and the bridge endpoint need a port each.`);
    }
    if (server.http && server.http.port !== 0 && server.http.port === port) {
      throw new CliError(`--http and --lite-port both name port ${port}: the MCP endpoint and the lite page need a port each.`);
    }
    return {
      ...server,
      lite: { port, browser: values.open ? 'open' : values.headless ? 'headless' : 'none', saveOnStop: !values['no-save-on-stop'] }
    };
  },
  run: (options, context) => runServer(options, context, options.lite)
};
