import { describe, expect, it } from 'vitest';
import { CliError } from './flags.js';
import { serveCommand } from './serve.js';

const parse = (args: string[]) => serveCommand.parse(args);

describe("the server's flags", () => {
  it('reads --port and --max-message-mb', () => {
    expect(parse(['--port', '0', '--max-message-mb', '2'])).toMatchObject({ port: 0, maxMessageBytes: 2 * 1024 * 1024 });
    expect(parse(['--port=9999'])).toMatchObject({ port: 9999 });
  });

  it('reads --heartbeat-seconds, leaving the default to the endpoint without it', () => {
    expect(parse(['--heartbeat-seconds', '5']).heartbeatMs).toBe(5000);
    expect(parse([]).heartbeatMs).toBeUndefined();
  });

  it('reads --host, --allow-origin and --public-port', () => {
    expect(
      parse(['--host', '0.0.0.0', '--allow-origin', 'https://hub.example.org', '--allow-origin', 'http://10.0.0.5:8000'])
    ).toMatchObject({
      hosts: ['0.0.0.0'],
      allowOrigins: ['https://hub.example.org', 'http://10.0.0.5:8000']
    });
    expect(parse(['--public-port', '18767', '--public-port=443']).publicPorts).toEqual([18767, 443]);
    // IPv6 in brackets as --http writes it; a host given twice is listened on once.
    expect(parse(['--host', '[::1]', '--host', '127.0.0.1', '--host', '::1']).hosts).toEqual(['::1', '127.0.0.1']);
    // Only a whole bracketed address loses its brackets; a half-bracketed one is left for listen() to refuse as written.
    expect(parse(['--host', '[::1', '--host', '::1]']).hosts).toEqual(['[::1', '::1]']);
  });

  it('reads --http in its [host:]port forms, loopback by default', () => {
    expect(parse(['--http', '8080']).http).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(parse(['--http=localhost:8080']).http).toEqual({ host: 'localhost', port: 8080 });
    expect(parse(['--http', '[::1]:8080']).http).toEqual({ host: '::1', port: 8080 });
    expect(parse([]).http).toBeUndefined();
    // Port 0 for both is a free port each, never the same one.
    expect(parse(['--port', '0', '--http', '0'])).toMatchObject({ port: 0, http: { host: '127.0.0.1', port: 0 } });
  });

  it.each([
    [['--allow-origin', 'hub.example.org'], '--allow-origin must be an origin such as https://hub.example.org, not "hub.example.org".'],
    [
      ['--allow-origin', 'https://hub.example.org/'],
      '--allow-origin must be just an origin (scheme, host and port), e.g. "https://hub.example.org", not "https://hub.example.org/".'
    ],
    [
      ['--http', 'abc'],
      '--http must be a port (8080) or host:port (127.0.0.1:8080, localhost:8080, [::1]:8080), not "abc": the port must be a whole number from 0 to 65535.'
    ],
    [
      ['--http', '127.0.0.1:'],
      '--http must be a port (8080) or host:port (127.0.0.1:8080, localhost:8080, [::1]:8080), not "127.0.0.1:": the port must be a whole number from 0 to 65535.'
    ],
    [
      ['--http', ':8080'],
      '--http must be a port (8080) or host:port (127.0.0.1:8080, localhost:8080, [::1]:8080), not ":8080": the host before ":" is empty.'
    ],
    [
      ['--http', '::1:8080'],
      '--http must be a port (8080) or host:port (127.0.0.1:8080, localhost:8080, [::1]:8080), not "::1:8080": put an IPv6 host in brackets.'
    ],
    [['--http', '8767'], '--http and --port both name port 8767: the MCP endpoint and the bridge endpoint need a port each.'],
    [['--port', 'abc'], '--port must be a whole number from 0 to 65535, not "abc".'],
    [['--port', '70000'], '--port must be a whole number from 0 to 65535, not "70000".'],
    [['--max-message-mb', '0'], '--max-message-mb must be a whole number from 1 to 4096, not "0".'],
    [['--heartbeat-seconds', '0.5'], '--heartbeat-seconds must be a whole number from 1 to 3600, not "0.5".']
  ])('refuses %j with a clear message', (args, message) => {
    expect(() => parse(args)).toThrow(new CliError(message));
  });
});
