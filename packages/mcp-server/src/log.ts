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

/** At most this many log lines a second about one peer: a page, or all connections that have not proved a token. */
export const PEER_LINES_PER_SECOND = 20;

/**
 * `log`, writing at most `perSecond` lines a second and then, when the second
 * is over, one line that says how many it left out. What a peer can make the
 * server write is bounded (stderr to a pipe is synchronous: a flood of lines
 * and a slow reader would stall the server).
 */
export function rateLimited(log: Logger, perSecond: number, about: () => string, now = () => performance.now()): Logger {
  let secondStart = Number.NEGATIVE_INFINITY;
  let written = 0;
  let leftOut = 0;
  const sayLeftOut = () => {
    log.warn(`left out ${leftOut} more log lines about ${about()} (at most ${perSecond} a second)`);
    leftOut = 0;
  };
  const at = (level: LogLevel) => (message: string) => {
    if (now() - secondStart >= 1000) {
      secondStart = now();
      written = 0;
    }
    if (written < perSecond) {
      written++;
      log[level](message);
      return;
    }
    if (leftOut++ === 0) {
      setTimeout(sayLeftOut, secondStart + 1000 - now()).unref();
    }
  };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

/** A logger that writes through whichever logger `current` gives at the time. */
export function through(current: () => Logger): Logger {
  return {
    error: (message) => current().error(message),
    warn: (message) => current().warn(message),
    info: (message) => current().info(message),
    debug: (message) => current().debug(message)
  };
}
