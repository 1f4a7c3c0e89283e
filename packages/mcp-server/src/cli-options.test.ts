import { describe, expect, it } from 'vitest';
import { CliError, DEFAULT_PORT, parseCli } from './cli-options.js';

describe('parseCli', () => {
  it('serves on the default port with no flags', () => {
    expect(parseCli([])).toEqual({
      command: 'serve',
      port: DEFAULT_PORT,
      hosts: ['127.0.0.1', '::1'],
      allowOrigins: [],
      rotate: false,
      logLevel: 'info',
      maxMessageBytes: 64 * 1024 * 1024
    });
  });

  it('reads --port, --log-level and --max-message-mb', () => {
    expect(parseCli(['--port', '0', '--log-level', 'debug', '--max-message-mb', '2'])).toMatchObject({ port: 0, logLevel: 'debug', maxMessageBytes: 2 * 1024 * 1024 });
    expect(parseCli(['--port=9999'])).toMatchObject({ port: 9999 });
  });

  it('reads install and uninstall with their folders', () => {
    expect(parseCli(['install', '--data-dir', '/d', '--settings-dir', '/s', '--port', '9000'])).toMatchObject({
      command: 'install',
      dataDir: '/d',
      settingsDir: '/s',
      port: 9000
    });
    expect(parseCli(['uninstall'])).toMatchObject({ command: 'uninstall' });
  });

  it('reads the token command, --host and --allow-origin', () => {
    expect(parseCli(['token'])).toMatchObject({ command: 'token', rotate: false });
    expect(parseCli(['token', '--rotate'])).toMatchObject({ command: 'token', rotate: true });
    expect(parseCli(['--host', '0.0.0.0', '--allow-origin', 'https://hub.example.org', '--allow-origin', 'http://10.0.0.5:8000'])).toMatchObject({
      hosts: ['0.0.0.0'],
      allowOrigins: ['https://hub.example.org', 'http://10.0.0.5:8000']
    });
  });

  it.each([
    [['tokn'], 'unknown command "tokn". Commands: token, install, uninstall. Run jupyter-live-mcp --help.'],
    [['--data-dir', '/x'], '--data-dir and --settings-dir go with install and uninstall.'],
    [['--rotate'], '--rotate goes with the token command: jupyter-live-mcp token --rotate.'],
    [['--allow-origin', 'hub.example.org'], '--allow-origin must be an origin such as https://hub.example.org, not "hub.example.org".'],
    [['--allow-origin', 'https://hub.example.org/'], '--allow-origin must be just an origin (scheme, host and port), e.g. "https://hub.example.org", not "https://hub.example.org/".']
  ])('refuses %j', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(new CliError(message));
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
