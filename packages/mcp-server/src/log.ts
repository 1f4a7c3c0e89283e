/**
 * Logging for the server. Everything goes to stderr: stdout carries the MCP
 * protocol when the transport is stdio.
 */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const at = (l: LogLevel) => (message: string) => {
    if (LOG_LEVELS.indexOf(l) <= threshold) {
      write(`[jupyter-live-mcp] ${l}: ${message}\n`);
    }
  };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

/**
 * `handler`, safe to give a timer or an event emitter: what it throws is logged
 * instead of ending the process, as an uncaught exception would. `afterError`
 * cleans up after a failure (e.g. ends the response the handler was writing).
 */
export function guarded<A extends unknown[]>(
  log: Logger,
  what: string,
  handler: (...args: A) => void,
  afterError?: (...args: A) => void
): (...args: A) => void {
  return (...args) => {
    try {
      handler(...args);
    } catch (error) {
      log.error(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
      afterError?.(...args);
    }
  };
}
