import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_URL } from '@jupyter-live-mcp/protocol';
import { readSettings } from './bridge-settings.js';
import { reconnectDelay } from '../connection/server-connection.js';
import { BRIDGE_VERSION } from '../version.js';

const packageDir = new URL('../../', import.meta.url);
const schema = JSON.parse(readFileSync(new URL('schema/plugin.json', packageDir), 'utf8'));

describe('readSettings', () => {
  it('reads valid settings', () => {
    expect(readSettings({ enabled: false, serverUrls: ['ws://127.0.0.1:9000'], maxResultChars: 5000 })).toMatchObject({
      enabled: false,
      serverUrls: ['ws://127.0.0.1:9000'],
      maxResultChars: 5000
    });
  });

  it('falls back to the default for a value of the wrong shape, and warns', () => {
    const warnings: string[] = [];
    expect(readSettings({ enabled: 'yes', serverUrls: 'ws://x' }, (w) => warnings.push(w))).toMatchObject({ enabled: true, serverUrls: [DEFAULT_SERVER_URL] });
    expect(warnings).toEqual([
      'setting "enabled" has a value of the wrong shape ("yes"); using true',
      `setting "serverUrls" has a value of the wrong shape ("ws://x"); using ["${DEFAULT_SERVER_URL}"]`
    ]);
  });

  it('has the same defaults as the settings schema a person edits', () => {
    const defaults = Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, (value as { default: unknown }).default]));
    expect(readSettings({})).toEqual(defaults);
  });
});

describe('reconnectDelay', () => {
  it('retries quickly at first and never waits more than 1.5 s in the first two minutes', () => {
    expect([0, 1, 2, 3, 4, 10].map((attempt) => reconnectDelay(attempt, 5_000))).toEqual([250, 500, 1000, 1500, 1500, 1500]);
  });

  it('slows down after a long absence', () => {
    expect(reconnectDelay(20, 300_000)).toBe(10_000);
  });
});

describe('BRIDGE_VERSION', () => {
  it('is the package version', () => {
    expect(BRIDGE_VERSION).toBe(JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')).version);
  });
});
