import { describe, expect, it } from 'vitest';
import { refuseMcpRequest } from './http-request-checks.js';

describe('refuseMcpRequest', () => {
  it.each([
    [{ host: '127.0.0.1:8080' }, '127.0.0.1'],
    [{ host: 'localhost:8080' }, '127.0.0.1'],
    [{ host: '[::1]:8080' }, '::1'],
    [{ host: '10.0.0.5:8080' }, '0.0.0.0'],
    [{ host: 'My-Box.lan:8080' }, 'my-box.lan'],
    [{ host: '127.0.0.1:8080', origin: 'http://localhost:6274' }, '127.0.0.1']
  ])('serves %j when listening on %s', (headers, listenHost) => {
    expect(refuseMcpRequest(headers, listenHost, [])).toBeUndefined();
  });

  it('refuses a host name it does not listen under: a DNS-rebinding page', () => {
    expect(refuseMcpRequest({ host: 'evil.example:8080' }, '127.0.0.1', [])).toMatch(
      /^Host "evil.example:8080" is not a name this server listens under; use http:\/\/127\.0\.0\.1:<port>\/mcp/
    );
    expect(refuseMcpRequest({ host: 'evil.example@127.0.0.1' }, '127.0.0.1', [])).toMatch(/is not a name this server listens under/);
    expect(refuseMcpRequest({}, '127.0.0.1', [])).toMatch(/^Host "" is not/);
  });

  it('refuses a foreign origin unless it is allowed', () => {
    const headers = { host: '127.0.0.1:8080', origin: 'https://evil.example' };
    expect(refuseMcpRequest(headers, '127.0.0.1', [])).toBe(
      'Origin "https://evil.example" is not allowed (start the server with --allow-origin https://evil.example to allow it)'
    );
    expect(refuseMcpRequest(headers, '127.0.0.1', ['https://evil.example'])).toBeUndefined();
  });
});
