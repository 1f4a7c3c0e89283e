import { describe, expect, it } from 'vitest';
import { pairedServerUrl, pairingLink, readPairingFragment } from './pairing-link.js';

const token = 'ab'.repeat(32);

describe('pairing links', () => {
  it('carries the port and token in the fragment only, which a page reads back', () => {
    const link = pairingLink('https://hub.example.org/user/ann/lab?reset', { port: 8767, token });
    const url = new URL(link);
    expect(url.origin + url.pathname + url.search).toBe('https://hub.example.org/user/ann/lab?reset');
    expect(readPairingFragment(url.hash)).toEqual({ kind: 'pairing', secret: { port: 8767, token }, rest: '' });
  });

  it('keeps the rest of a fragment and tells a damaged pairing from none', () => {
    expect(readPairingFragment(`#a=1&jupyter-live-mcp-pair=9000:${token}&b`)).toEqual({
      kind: 'pairing',
      secret: { port: 9000, token },
      rest: 'a=1&b'
    });
    expect(readPairingFragment('#section-2')).toEqual({ kind: 'none' });
    expect(readPairingFragment('')).toEqual({ kind: 'none' });
    for (const value of [`0:${token}`, `70000:${token}`, '8767:short', `8767:${token.toUpperCase()}`, token]) {
      expect(readPairingFragment(`#x&jupyter-live-mcp-pair=${value}`)).toEqual({ kind: 'damaged', rest: 'x' });
    }
  });

  it('points a paired page at loopback only', () => {
    expect(pairedServerUrl({ port: 9000, token })).toBe('ws://127.0.0.1:9000');
  });
});
