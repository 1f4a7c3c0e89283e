import { describe, expect, it } from 'vitest';
import { isAllowedOrigin, isLoopbackHost, isServedHost } from './loopback-checks.js';

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
