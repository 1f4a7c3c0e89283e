import { describe, expect, it } from 'vitest';
import { isAllowedOrigin, isLoopbackAddress, isLoopbackHost, isServedHost } from './loopback-checks.js';

describe('isLoopbackAddress', () => {
  it('is true of the addresses only this machine reaches', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', '::1', 'localhost']) {
      expect(isLoopbackAddress(host)).toBe(true);
    }
  });

  it('is false of any other address to listen on, the wildcards first', () => {
    for (const host of [
      '0.0.0.0',
      '::',
      '',
      '128.0.0.1',
      '10.127.0.1',
      '192.168.1.127',
      'localhost.example.com',
      'mylocalhost',
      '::2',
      'example.com'
    ]) {
      expect(isLoopbackAddress(host)).toBe(false);
    }
  });
});

describe('loopback checks with their defaults', () => {
  it('allow a missing Origin (a client that is no browser) and no other origin than loopback', () => {
    expect(isAllowedOrigin(undefined)).toBe(true);
    expect(isAllowedOrigin('https://example.com')).toBe(false);
    expect(isAllowedOrigin('not a url')).toBe(false);
  });

  it('serve any of the names listened under, and no name without one', () => {
    expect(isServedHost('b.example:80', ['a.example', 'b.example'])).toBe(true);
    expect(isServedHost('Stryker was here')).toBe(false);
    expect(isServedHost('a.example')).toBe(false);
    expect(isServedHost('[::1')).toBe(false);
  });

  it('read an IPv6 Host with or without a port, and one whose bracket never closes as it is', () => {
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('[::1]:80')).toBe(true);
    expect(isLoopbackHost('[::1')).toBe(false);
  });
});

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1:8767', 'localhost:8767', 'LOCALHOST', '[::1]:8767', '127.0.0.1'])('accepts %s', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([undefined, '', 'evil.example:8767', '127.0.0.1.evil.example', 'localhost.evil:80', '[::2]:8767', '10.0.0.1:8767'])(
    'refuses %s (DNS rebinding or another host)',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    }
  );
});

describe('isAllowedOrigin', () => {
  it.each(['http://localhost:8888', 'https://127.0.0.1', 'http://[::1]:8888'])('accepts the loopback page %s', (origin) => {
    expect(isAllowedOrigin(origin)).toBe(true);
  });

  it.each(['http://evil.example', 'null', 'file://', 'chrome-extension://abc', 'ws://localhost:1', 'http://localhost.evil.example'])(
    'refuses %s',
    (origin) => {
      expect(isAllowedOrigin(origin)).toBe(false);
    }
  );

  it('accepts an extra origin only exactly', () => {
    expect(isAllowedOrigin('https://hub.example.org', ['https://hub.example.org'])).toBe(true);
    expect(isAllowedOrigin('https://hub.example.org:444', ['https://hub.example.org'])).toBe(false);
  });
});

describe('isServedHost', () => {
  it('accepts loopback names, IP addresses and the names the server listens under, with any port', () => {
    for (const host of ['127.0.0.1:8767', 'localhost', '[::1]:1', '192.168.1.20:8767', '[fe80::1]:8767', 'hub.example.org:8767']) {
      expect(isServedHost(host, ['hub.example.org']), host).toBe(true);
    }
  });

  it('refuses other names (what a DNS-rebinding page sends) and anything that is not a plain host', () => {
    for (const host of [
      undefined,
      '',
      'evil.example:8767',
      'hub.example.org.evil:1',
      'user@127.0.0.1',
      '127.0.0.1/x',
      'HUB.example.org.'
    ]) {
      expect(isServedHost(host, ['hub.example.org']), String(host)).toBe(false);
    }
  });
});
