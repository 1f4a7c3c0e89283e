import { describe, expect, it } from 'vitest';
import { readBridgeSettingsFile } from './bridge-settings.js';
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

  it('reads nothing from JSON that is not an object', () => {
    for (const json of [null, [], 'text', 3]) {
      expect(readBridgeSettingsFile(json)).toBeUndefined();
    }
  });
});
