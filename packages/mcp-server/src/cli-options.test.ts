import { describe, expect, it } from 'vitest';
import { CliError, DEFAULT_PORT, parseCli } from './cli-options.js';
import { DEFAULT_LITE_PORT } from './lite/start-lite.js';

describe('parseCli', () => {
  it('serves on the default port with no flags', () => {
    expect(parseCli([])).toEqual({
      command: 'serve',
      port: DEFAULT_PORT,
      portGiven: false,
      hosts: ['127.0.0.1', '::1'],
      publicPorts: [],
      allowOrigins: [],
      rotate: false,
      bearer: false,
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
      port: 9000,
      portGiven: true
    });
    expect(parseCli(['install', '--port', '8767'])).toMatchObject({ port: 8767, portGiven: true });
    expect(parseCli(['uninstall'])).toMatchObject({ command: 'uninstall' });
  });

  it('reads the token command, --host and --allow-origin', () => {
    expect(parseCli(['token'])).toMatchObject({ command: 'token', rotate: false });
    expect(parseCli(['token', '--rotate'])).toMatchObject({ command: 'token', rotate: true });
    expect(parseCli(['token', '--bearer'])).toMatchObject({ command: 'token', bearer: true, rotate: false });
    expect(parseCli(['--host', '0.0.0.0', '--allow-origin', 'https://hub.example.org', '--allow-origin', 'http://10.0.0.5:8000'])).toMatchObject({
      hosts: ['0.0.0.0'],
      allowOrigins: ['https://hub.example.org', 'http://10.0.0.5:8000']
    });
    expect(parseCli(['--public-port', '18767', '--public-port=443']).publicPorts).toEqual([18767, 443]);
    // IPv6 in brackets as --http writes it; a host given twice is listened on once.
    expect(parseCli(['--host', '[::1]', '--host', '127.0.0.1', '--host', '::1']).hosts).toEqual(['::1', '127.0.0.1']);
  });

  it.each([
    [['tokn'], 'unknown command "tokn". Commands: lite, token, install, uninstall, doctor. Run jupyter-live-mcp --help.'],
    [['--data-dir', '/x'], '--data-dir and --settings-dir go with install, uninstall and doctor.'],
    [['--rotate'], '--rotate goes with the token command: jupyter-live-mcp token --rotate.'],
    [['--bearer'], '--bearer goes with the token command: jupyter-live-mcp token --bearer.'],
    [['token', '--rotate', '--bearer'], 'token takes --rotate or --bearer, not both: rotate first, then print the new key with token --bearer.'],
    [['token', '--port', '5'], '--port does not go with token, which takes --rotate, --bearer, --help, --version, --log-level.'],
    [['uninstall', '--host', 'x'], '--host does not go with uninstall, which takes --data-dir, --settings-dir, --help, --version, --log-level.'],
    [['--settings-dir', '/s', 'doctor', '--max-message-mb', '3'], '--max-message-mb does not go with doctor, which takes --data-dir, --settings-dir, --port, --public-port, --help, --version, --log-level.'],
    [['install', '--port', '0'], "install writes the server's URL into the page's settings, so it needs the port the server will use; --port 0 picks another each run. Give a fixed --port, or leave it out for 8767."],
    [['uninstall', '--data-dir='], '--data-dir was given an empty value. Give it one, or leave the flag out for the default.'],
    [['install', '--settings-dir', ''], '--settings-dir was given an empty value. Give it one, or leave the flag out for the default.'],
    [['--host', '127.0.0.1', '--host', ''], '--host was given an empty value. Give it one, or leave the flag out for the default.'],
    [['--allow-origin', 'hub.example.org'], '--allow-origin must be an origin such as https://hub.example.org, not "hub.example.org".'],
    [['--allow-origin', 'https://hub.example.org/'], '--allow-origin must be just an origin (scheme, host and port), e.g. "https://hub.example.org", not "https://hub.example.org/".']
  ])('refuses %j', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(new CliError(message));
  });

  it('reads doctor with its folders and port', () => {
    expect(parseCli(['doctor', '--data-dir', '/d', '--settings-dir', '/s', '--port', '9000'])).toMatchObject({
      command: 'doctor',
      dataDir: '/d',
      settingsDir: '/s',
      port: 9000
    });
  });

  it('reads --http in its [host:]port forms, loopback by default', () => {
    expect(parseCli(['--http', '8080']).http).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(parseCli(['--http=localhost:8080']).http).toEqual({ host: 'localhost', port: 8080 });
    expect(parseCli(['--http', '[::1]:8080']).http).toEqual({ host: '::1', port: 8080 });
    expect(parseCli([]).http).toBeUndefined();
  });

  it.each([
    [['--http', 'abc'], '--http must be a port (8080) or host:port (127.0.0.1:8080, localhost:8080, [::1]:8080), not "abc": the port must be a whole number from 0 to 65535.'],
    [['--http', '127.0.0.1:'], '--http must be a port (8080) or host:port (127.0.0.1:8080, localhost:8080, [::1]:8080), not "127.0.0.1:": the port must be a whole number from 0 to 65535.'],
    [['--http', ':8080'], '--http must be a port (8080) or host:port (127.0.0.1:8080, localhost:8080, [::1]:8080), not ":8080": the host before ":" is empty.'],
    [['--http', '::1:8080'], '--http must be a port (8080) or host:port (127.0.0.1:8080, localhost:8080, [::1]:8080), not "::1:8080": put an IPv6 host in brackets.'],
    [['--http', '8767'], '--http and --port both name port 8767: the MCP endpoint and the bridge endpoint need a port each.'],
    [['install', '--http', '8080'], '--http goes with the server itself or lite: jupyter-live-mcp --http 8080, or jupyter-live-mcp lite --http 8080.']
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(new CliError(message));
  });

  it('knows --help and --version', () => {
    expect(parseCli(['--help']).command).toBe('help');
    expect(parseCli(['install', '--port', '0', '--prot', '-h']).command).toBe('help');
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

describe('parseCli: lite', () => {
  it('serves the lite page on its fixed default port, in no browser unless asked', () => {
    expect(parseCli(['lite'])).toMatchObject({ command: 'lite', port: DEFAULT_PORT, lite: { port: DEFAULT_LITE_PORT, browser: 'none' } });
    expect(parseCli(['lite', '--open'])).toMatchObject({ lite: { browser: 'open' } });
    expect(parseCli(['lite', '--headless', '--lite-port', '0', '--port', '0'])).toMatchObject({ port: 0, lite: { port: 0, browser: 'headless' } });
    expect(parseCli(['--lite-port=9000', 'lite'])).toMatchObject({ lite: { port: 9000 } });
    expect(parseCli([])).not.toHaveProperty('lite');
    expect(parseCli(['lite', '--headless', '--http', '8080'])).toMatchObject({ lite: { browser: 'headless' }, http: { host: '127.0.0.1', port: 8080 } });
  });

  it.each([
    [['lite', '--open', '--headless'], '--open and --headless each open the page in a browser: give one of them.'],
    [['lite', '--lite-port', 'x'], '--lite-port must be a whole number from 0 to 65535, not "x".'],
    [['lite', '--lite-port', '9000', '--port', '9000'], '--lite-port and --port both name port 9000: the page and the bridge endpoint need a port each.'],
    [['--open'], '--open, --headless and --lite-port go with the lite command: jupyter-live-mcp lite --open.'],
    [['install', '--lite-port', '9000'], '--open, --headless and --lite-port go with the lite command: jupyter-live-mcp lite --open.'],
    [['lite', '--http', '8768'], '--http and --lite-port both name port 8768: the MCP endpoint and the lite page need a port each.']
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(new CliError(message));
  });
});
