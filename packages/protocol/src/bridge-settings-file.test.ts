import { describe, expect, it } from 'vitest';
import { readBridgeSettingsFile } from './bridge-settings-file.js';
import { DEFAULT_SERVER_URL } from './wire.js';

const TOKEN = 'a'.repeat(64);

describe('readBridgeSettingsFile', () => {
  it('reads token and serverUrls, and keeps every other setting as it is', () => {
    const json = { token: TOKEN, serverUrls: ['ws://127.0.0.1:9000'], confirm: 'all', mine: { x: 1 } };
    expect(readBridgeSettingsFile(json)).toEqual({ all: json, token: TOKEN, serverUrls: ['ws://127.0.0.1:9000'], problems: {} });
    expect(readBridgeSettingsFile({})).toEqual({ all: {}, token: '', serverUrls: [DEFAULT_SERVER_URL], problems: {} });
  });

  it('takes a value of the wrong shape as the page does, its default, and says what is wrong without the token', () => {
    const read = readBridgeSettingsFile({ token: `${TOKEN}b`, serverUrls: ['ws://127.0.0.1:9000', 'http://x'] });
    expect(read).toMatchObject({
      token: '',
      serverUrls: [DEFAULT_SERVER_URL],
      problems: { token: 'token: not a token (64 hex digits)', serverUrls: 'serverUrls.1: not a ws:// or wss:// URL' }
    });
    expect(JSON.stringify(read?.problems)).not.toContain('aaaa');
    expect(readBridgeSettingsFile({ serverUrls: 'ws://x' })?.problems).toEqual({
      serverUrls: 'serverUrls: Invalid input: expected array, received string'
    });
  });

  it('takes a null setting as its default, as the page does, and keeps the one of the two that is right', () => {
    expect(readBridgeSettingsFile({ token: null, serverUrls: null })).toEqual({
      all: { token: null, serverUrls: null },
      token: '',
      serverUrls: [DEFAULT_SERVER_URL],
      problems: {}
    });
    expect(readBridgeSettingsFile({ token: 'no', serverUrls: ['wss://127.0.0.1:9000'] })).toEqual({
      all: { token: 'no', serverUrls: ['wss://127.0.0.1:9000'] },
      token: '',
      serverUrls: ['wss://127.0.0.1:9000'],
      problems: { token: 'token: not a token (64 hex digits)' }
    });
    expect(readBridgeSettingsFile({ token: TOKEN, serverUrls: ['http://x'] })).toEqual({
      all: { token: TOKEN, serverUrls: ['http://x'] },
      token: TOKEN,
      serverUrls: [DEFAULT_SERVER_URL],
      problems: { serverUrls: 'serverUrls.0: not a ws:// or wss:// URL' }
    });
  });

  it('reads nothing from JSON that is not an object', () => {
    for (const json of [null, [], 'text', 3]) {
      expect(readBridgeSettingsFile(json)).toBeUndefined();
    }
  });
});
