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
  command: 'serve' | 'help' | 'version';
  port: number;
  host: string;
  logLevel: LogLevel;
  maxMessageBytes: number;
}

export const USAGE = `Usage: jupyter-live-mcp [options]

Runs an MCP server on stdio that drives the Jupyter page(s) connected to it.
Pages connect through the jupyter-live-mcp-bridge extension.

Options:
  --port <n>             bridge endpoint port on 127.0.0.1 (default ${DEFAULT_PORT}; 0 picks a free one)
  --log-level <level>    ${LOG_LEVELS.join(' | ')} (default info); logs go to stderr
  --max-message-mb <n>   largest wire message accepted from a page, in MiB (default 64)
  -h, --help             show this help
  -v, --version          print the version
`;

export class CliError extends Error {}

export function parseCli(argv: readonly string[]): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        'log-level': { type: 'string' },
        'max-message-mb': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' }
      },
      strict: true,
      allowPositionals: false
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}. Run jupyter-live-mcp --help for the options.`);
  }
  const logLevel = values['log-level'] ?? 'info';
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    throw new CliError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, not ${JSON.stringify(logLevel)}.`);
  }
  return {
    command: values.help ? 'help' : values.version ? 'version' : 'serve',
    port: values.port === undefined ? DEFAULT_PORT : integerIn('--port', values.port, 0, 65535),
    host: '127.0.0.1',
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
