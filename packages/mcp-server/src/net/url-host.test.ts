import { describe, expect, it } from 'vitest';
import { urlHost } from './url-host.js';

describe('urlHost', () => {
  it('writes an IPv6 host in brackets in a URL', () => {
    expect(urlHost('::1', 80)).toBe('[::1]:80');
    expect(urlHost('127.0.0.1', 80)).toBe('127.0.0.1:80');
  });
});
