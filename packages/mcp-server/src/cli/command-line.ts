/**
 * The command line: which command, the flags every command takes, and flags
 * that belong to another command refused with what to do; the command then
 * reads its own flags (command.ts). Pure, so every mistake is unit-tested; a
 * mistake is a CliError that says what is accepted.
 */
import { LOG_LEVELS, type LogLevel } from '../log.js';
import type { Command } from './command.js';
import { doctorCommand } from './doctor.js';
import { closestWord } from './did-you-mean.js';
import { COMMON_FLAGS, CliError, parseStrictly, type Flags } from './flags.js';
import { installCommand, uninstallCommand } from './install.js';
import { liteCommand } from './lite.js';
import { pairCommand } from './pair.js';
import { serveCommand } from './serve.js';
import { tokenCommand } from './token.js';

/** The server itself first: it is what runs without a command word. */
export const COMMANDS: readonly Command<unknown>[] = [
  serveCommand,
  liteCommand,
  tokenCommand,
  installCommand,
  uninstallCommand,
  doctorCommand,
  pairCommand
];

/** Every command's flags: any of them is known, even where it does not go. */
const ALL_FLAGS: Flags = Object.assign({}, COMMON_FLAGS, ...COMMANDS.map((command) => command.flags));

export type CommandLine =
  | { kind: 'help' }
  | { kind: 'version' }
  | {
      kind: 'run';
      /** The command word; 'serve' for the server itself. */
      command: string;
      options: unknown;
      logLevel: LogLevel;
      run(version: string): Promise<void>;
    };

export function parseCommandLine(argv: readonly string[]): CommandLine {
  // Help is what someone unsure of the flags asks for: given, it wins over their mistakes.
  if (argv.includes('--help') || argv.includes('-h')) {
    return { kind: 'help' };
  }
  const { values, tokens } = parseStrictly({ args: [...argv], options: ALL_FLAGS, strict: true, allowPositionals: true, tokens: true });
  if (values.help) {
    return { kind: 'help' };
  }
  for (const [name, value] of Object.entries(values)) {
    // An empty value (--data-dir="$UNSET") must not quietly mean the default: uninstall would
    // then remove the real extension, and --host "" would listen on every interface.
    if (value === '' || (Array.isArray(value) && value.includes(''))) {
      throw new CliError(`--${name} was given an empty value. Give it one, or leave the flag out for the default.`);
    }
  }
  const logLevel = (values['log-level'] ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new CliError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, not ${JSON.stringify(logLevel)}.`);
  }
  const words = tokens.filter((token) => token.kind === 'positional');
  const command = COMMANDS.find((candidate) => candidate.word === words[0]?.value);
  if (!command || words.length > (command.operand ? 2 : 1)) {
    const known = COMMANDS.flatMap((candidate) => candidate.word ?? []);
    const meant = words.length === 1 ? closestWord(words[0]!.value, known) : undefined;
    throw new CliError(
      `unknown command "${words.map((word) => word.value).join(' ')}".${meant ? ` Did you mean ${meant}?` : ''} Commands: ${known.join(', ')}. Run jupyter-live-mcp --help.`
    );
  }
  refuseMisplacedFlags(command, values);
  // The command reads its own flags only: the command word and the common flags are taken out.
  const taken = new Set(words.map((word) => word.index));
  for (const token of tokens) {
    if (token.kind === 'option' && Object.hasOwn(COMMON_FLAGS, token.name)) {
      taken.add(token.index);
      if (token.value !== undefined && !token.inlineValue) {
        taken.add(token.index + 1);
      }
    }
  }
  const options = command.parse(
    argv.filter((_, index) => !taken.has(index)),
    words[1]?.value
  );
  if (values.version) {
    return { kind: 'version' };
  }
  return {
    kind: 'run',
    command: command.word ?? 'serve',
    options,
    logLevel,
    run: (version) => command.run(options, { version, logLevel })
  };
}

function refuseMisplacedFlags(command: Command<unknown>, values: Record<string, unknown>): void {
  const takes = [...Object.keys(command.flags), ...Object.keys(COMMON_FLAGS)];
  const misplaced = Object.keys(values).filter((flag) => !takes.includes(flag));
  // A flag's own advice says more than the list of what this command takes.
  for (const flag of misplaced) {
    const elsewhere = ALL_FLAGS[flag]?.elsewhere;
    if (elsewhere) {
      const value = values[flag];
      throw new CliError(elsewhere(String(Array.isArray(value) ? value[0] : value)));
    }
  }
  if (misplaced.length) {
    throw new CliError(`--${misplaced[0]} does not go with ${command.name}, which takes ${takes.map((flag) => `--${flag}`).join(', ')}.`);
  }
}
