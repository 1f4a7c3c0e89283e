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

  it('takes ports 1 to 65535, a fragment with or without its #, and a key only as the whole name of a part', () => {
    expect(readPairingFragment(`jupyter-live-mcp-pair=65535:${token}`)).toEqual({
      kind: 'pairing',
      secret: { port: 65535, token },
      rest: ''
    });
    expect(readPairingFragment(`#jupyter-live-mcp-pair=1:${token}`)).toEqual({ kind: 'pairing', secret: { port: 1, token }, rest: '' });
    for (const value of [`65536:${token}`, `100000:${token}`, `08767:${token}`, `8767:${token}0`, `8767:${token}\n`, `:${token}`]) {
      expect(readPairingFragment(`#jupyter-live-mcp-pair=${value}`), value).toEqual({ kind: 'damaged', rest: '' });
    }
    expect(readPairingFragment(`#x#y&jupyter-live-mcp-pair=9000:${token}`)).toEqual({
      kind: 'pairing',
      secret: { port: 9000, token },
      rest: 'x#y'
    });
    expect(readPairingFragment(`x#y&jupyter-live-mcp-pair=9000:${token}`)).toMatchObject({ kind: 'pairing', rest: 'x#y' });
    expect(readPairingFragment(`#x-jupyter-live-mcp-pair=9000:${token}`)).toEqual({ kind: 'none' });
    expect(readPairingFragment(`#jupyter-live-mcp-pair-x=9000:${token}`)).toEqual({ kind: 'none' });
  });

  it('points a paired page at loopback only', () => {
    expect(pairedServerUrl({ port: 9000, token })).toBe('ws://127.0.0.1:9000');
  });
});
