import { describe, expect, it } from 'vitest';
import { parseHttpAddress } from './http-address.js';

describe('parseHttpAddress', () => {
  it.each([
    ['8080', { host: '127.0.0.1', port: 8080 }],
    ['0', { host: '127.0.0.1', port: 0 }],
    ['127.0.0.1:8080', { host: '127.0.0.1', port: 8080 }],
    ['localhost:65535', { host: 'localhost', port: 65535 }],
    ['0.0.0.0:8080', { host: '0.0.0.0', port: 8080 }],
    ['my-box.lan:9000', { host: 'my-box.lan', port: 9000 }],
    ['[::1]:8080', { host: '::1', port: 8080 }],
    ['[::]:8080', { host: '::', port: 8080 }]
  ])('reads %s', (text, address) => {
    expect(parseHttpAddress(text)).toEqual(address);
  });

  it.each([
    ['', 'the port must be a whole number from 0 to 65535'],
    ['http', 'the port must be a whole number from 0 to 65535'],
    ['65536', 'the port must be a whole number from 0 to 65535'],
    ['-1', 'the port must be a whole number from 0 to 65535'],
    ['8080.5', 'the port must be a whole number from 0 to 65535'],
    ['localhost:port', 'the port must be a whole number from 0 to 65535'],
    [':8080', 'the host before ":" is empty'],
    ['::1:8080', 'put an IPv6 host in brackets'],
    ['[::1]', 'a bracketed IPv6 host must be followed by :port'],
    ['[nope]:80', 'a bracketed IPv6 host must be followed by :port'],
    ['http://localhost:8080', 'leave out the scheme (the endpoint is always http://host:port/mcp)'],
    ['user@host:80', '"user@host" is not a host name or address']
  ])('refuses %j: %s', (text, why) => {
    expect(() => parseHttpAddress(text)).toThrow(
      `--http must be a port (8080) or host:port (127.0.0.1:8080, localhost:8080, [::1]:8080), not ${JSON.stringify(text)}: ${why}.`
    );
  });
});
