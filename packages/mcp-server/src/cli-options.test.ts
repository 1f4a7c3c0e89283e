import { describe, expect, it } from 'vitest';
import { CliError, DEFAULT_PORT, parseCli } from './cli-options.js';

describe('parseCli', () => {
  it('serves on the default port with no flags', () => {
    expect(parseCli([])).toEqual({ command: 'serve', port: DEFAULT_PORT, host: '127.0.0.1', logLevel: 'info', maxMessageBytes: 64 * 1024 * 1024 });
  });

  it('reads --port, --log-level and --max-message-mb', () => {
    expect(parseCli(['--port', '0', '--log-level', 'debug', '--max-message-mb', '2'])).toMatchObject({ port: 0, logLevel: 'debug', maxMessageBytes: 2 * 1024 * 1024 });
    expect(parseCli(['--port=9999'])).toMatchObject({ port: 9999 });
  });

  it('knows --help and --version', () => {
    expect(parseCli(['--help']).command).toBe('help');
    expect(parseCli(['-v']).command).toBe('version');
  });

  it.each([
    [['--port', 'abc'], '--port must be a whole number from 0 to 65535, not "abc".'],
    [['--port', '70000'], '--port must be a whole number from 0 to 65535, not "70000".'],
    [['--log-level', 'loud'], '--log-level must be one of error, warn, info, debug, not "loud".'],
    [['--max-message-mb', '0'], '--max-message-mb must be a whole number from 1 to 4096, not "0".']
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(new CliError(message));
  });

  it('refuses an unknown flag and points to --help', () => {
    expect(() => parseCli(['--prot', '1'])).toThrow(/Unknown option '--prot'.*Run jupyter-live-mcp --help for the options\./);
  });
});
