import { describe, expect, it } from 'vitest';
import { DEFAULT_BRIDGE_PORT } from '@jupyter-live-mcp/protocol';
import { DEFAULT_LITE_PORT } from './lite.js';
import { parseCommandLine } from './command-line.js';
import { CliError } from './flags.js';
import { liteCommand } from './lite.js';

const parse = (args: string[]) => liteCommand.parse(args);

describe('the lite command', () => {
  it('serves the lite page on its fixed default port, in no browser unless asked', () => {
    expect(parse([])).toMatchObject({ port: DEFAULT_BRIDGE_PORT, lite: { port: DEFAULT_LITE_PORT, browser: 'none' } });
    expect(parse(['--open'])).toMatchObject({ lite: { browser: 'open' } });
    expect(parse(['--headless', '--lite-port', '0', '--port', '0'])).toMatchObject({ port: 0, lite: { port: 0, browser: 'headless' } });
    expect(parseCommandLine([])).not.toHaveProperty('options.lite');
    expect(parse(['--headless', '--http', '8080'])).toMatchObject({
      lite: { browser: 'headless' },
      http: { host: '127.0.0.1', port: 8080 }
    });
  });

  it.each([
    [['--open', '--headless'], '--open and --headless each open the page in a browser: give one of them.'],
    [['--lite-port', 'x'], '--lite-port must be a whole number from 0 to 65535, not "x".'],
    [
      ['--lite-port', '9000', '--port', '9000'],
      '--lite-port and --port both name port 9000: the page and the bridge endpoint need a port each.'
    ],
    [['--http', '8768'], '--http and --lite-port both name port 8768: the MCP endpoint and the lite page need a port each.']
  ])('refuses %j with a clear message', (args, message) => {
    expect(() => parse(args)).toThrow(new CliError(message));
  });
});
