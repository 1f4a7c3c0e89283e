/**
 * What a CLI command is: its word, its own flags, how it reads them and how it
 * runs. The command line (command-line.ts) finds the command and refuses flags
 * it does not take, so a command sees only its own.
 */
import type { LogLevel } from '../log.js';
import type { Flags } from './flags.js';

export interface RunContext {
  version: string;
  logLevel: LogLevel;
}

export interface Command<Options> {
  /** The word that names it on the command line; the server itself has none. */
  word?: string;
  /** As messages name it. */
  name: string;
  /** The flags it takes besides the common ones, in the order --help lists them. */
  flags: Flags;
  /** The one word it takes after its own, as --help names it (pair's page URL); none for most. */
  operand?: string;
  /** Its options from `args`, which hold its own flags only, and its operand. Throws a CliError for a mistake. */
  parse(args: readonly string[], operand?: string): Options;
  /** Resolves when done (a failure it reports sets process.exitCode), or once the server runs. */
  run(options: Options, context: RunContext): Promise<void>;
}

/** Lines for the person, on stderr: stdout carries only what scripts read (the token, the report). */
export function say(lines: readonly string[]): void {
  process.stderr.write(lines.map((line) => `${line}\n`).join(''));
}
