import { describe, expect, it } from 'vitest';
import { DEFAULT_BRIDGE_PORT } from '@jupyter-live-mcp/protocol';
import { parseCommandLine } from './command-line.js';
import { CliError } from './flags.js';

const run = (argv: string[]) => {
  const line = parseCommandLine(argv);
  if (line.kind !== 'run') {
    throw new Error(`expected a command to run, got ${line.kind}`);
  }
  return line;
};

describe('parseCommandLine', () => {
  it('serves on the default port with no flags', () => {
    const line = run([]);
    expect(line).toMatchObject({ kind: 'run', command: 'serve', logLevel: 'info' });
    expect(line.options).toEqual({
      port: DEFAULT_BRIDGE_PORT,
      hosts: ['127.0.0.1', '::1'],
      publicPorts: [],
      allowOrigins: [],
      maxMessageBytes: 64 * 1024 * 1024
    });
  });

  it('finds the command word among the flags, and gives the command its own flags only', () => {
    expect(run(['--port', '0', '--log-level', 'debug', '--max-message-mb', '2'])).toMatchObject({
      logLevel: 'debug',
      options: { port: 0, maxMessageBytes: 2 * 1024 * 1024 }
    });
    expect(run(['--log-level=warn', 'token', '--rotate'])).toMatchObject({ command: 'token', logLevel: 'warn', options: { rotate: true } });
    expect(run(['--lite-port=9000', 'lite'])).toMatchObject({ command: 'lite', options: { lite: { port: 9000 } } });
    expect(run(['--settings-dir', '/s', 'doctor', '--log-level', 'error'])).toMatchObject({
      command: 'doctor',
      options: { settingsDir: '/s' }
    });
    expect(run(['uninstall'])).toMatchObject({ command: 'uninstall', options: {} });
    // A common flag's value written after "=" is one argument: the next one is the command's.
    expect(run(['--log-level=warn', '--port', '9999'])).toMatchObject({ logLevel: 'warn', options: { port: 9999 } });
  });

  it.each([
    [
      ['tokn'],
      'unknown command "tokn". Did you mean token? Commands: lite, token, install, uninstall, doctor, pair. Run jupyter-live-mcp --help.'
    ],
    [
      ['lite', 'extra'],
      'unknown command "lite extra". Commands: lite, token, install, uninstall, doctor, pair. Run jupyter-live-mcp --help.'
    ],
    [['--data-dir', '/x'], '--data-dir and --settings-dir go with install, uninstall and doctor.'],
    [['--rotate'], '--rotate goes with the token command: jupyter-live-mcp token --rotate.'],
    [['--bearer'], '--bearer goes with the token command: jupyter-live-mcp token --bearer.'],
    [['token', '--port', '5'], '--port does not go with token, which takes --rotate, --bearer, --help, --version, --log-level.'],
    [
      ['uninstall', '--host', 'x'],
      '--host does not go with uninstall, which takes --data-dir, --settings-dir, --help, --version, --log-level.'
    ],
    [
      ['--settings-dir', '/s', 'doctor', '--max-message-mb', '3'],
      '--max-message-mb does not go with doctor, which takes --data-dir, --settings-dir, --port, --public-port, --help, --version, --log-level.'
    ],
    [
      ['install', '--http', '8080'],
      '--http goes with the server itself or lite: jupyter-live-mcp --http 8080, or jupyter-live-mcp lite --http 8080.'
    ],
    [['--open'], '--open goes with lite (jupyter-live-mcp lite --open) and pair.'],
    [
      ['install', '--lite-port', '9000'],
      '--headless, --lite-port and --no-save-on-stop go with the lite command: jupyter-live-mcp lite --open.'
    ],
    [['uninstall', '--data-dir='], '--data-dir was given an empty value. Give it one, or leave the flag out for the default.'],
    [['install', '--settings-dir', ''], '--settings-dir was given an empty value. Give it one, or leave the flag out for the default.'],
    [['--host', '127.0.0.1', '--host', ''], '--host was given an empty value. Give it one, or leave the flag out for the default.'],
    [['--log-level', 'loud'], '--log-level must be one of error, warn, info, debug, not "loud".']
  ])('refuses %j', (argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(new CliError(message));
  });

  it('passes on the refusal of the command that reads a flag', () => {
    expect(() => parseCommandLine(['install', '--port', '0'])).toThrow(/--port 0 picks another each run/);
    expect(() => parseCommandLine(['--port', 'abc'])).toThrow(new CliError('--port must be a whole number from 0 to 65535, not "abc".'));
  });

  it('knows --help and --version, and help wins over mistakes', () => {
    expect(parseCommandLine(['--help'])).toEqual({ kind: 'help' });
    expect(parseCommandLine(['install', '--port', '0', '--prot', '-h'])).toEqual({ kind: 'help' });
    expect(parseCommandLine(['-v'])).toEqual({ kind: 'version' });
    expect(parseCommandLine(['token', '-v'])).toEqual({ kind: 'version' });
    // A flag after --version is the command's, not a value of --version.
    expect(parseCommandLine(['--version', '--port', '9999'])).toEqual({ kind: 'version' });
    expect(run(['--log-level', 'warn', '--port', '9999'])).toMatchObject({ logLevel: 'warn', options: { port: 9999 } });
    // -h among short flags run together is help too.
    expect(parseCommandLine(['-vh'])).toEqual({ kind: 'help' });
  });

  it('refuses an unknown flag, suggests the flag it is a slip of, and points to --help', () => {
    expect(() => parseCommandLine(['--prot', '1'])).toThrow(
      "Unknown option '--prot'. Did you mean --port? Run jupyter-live-mcp --help for the options."
    );
    expect(() => parseCommandLine(['install', '--data-dri', 'x'])).toThrow(/Did you mean --data-dir\?/);
    expect(() => parseCommandLine(['--verbose'])).toThrow("Unknown option '--verbose'. Run jupyter-live-mcp --help for the options.");
  });
});
