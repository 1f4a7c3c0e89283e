import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_URL } from '@jupyter-live-mcp/protocol';
import { readSettings } from './bridge-settings.js';
import { pluginSchemaText } from './plugin-schema.js';
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
    expect(readSettings({ enabled: 'yes', serverUrls: 'ws://x' }, (w) => warnings.push(w))).toMatchObject({
      enabled: true,
      serverUrls: [DEFAULT_SERVER_URL]
    });
    expect(warnings).toEqual([
      'setting "enabled" has a value of the wrong shape ("yes"); using true',
      `setting "serverUrls" has a value of the wrong shape ("ws://x"); using ["${DEFAULT_SERVER_URL}"]`
    ]);
  });

  it('has the same defaults as the settings schema a person edits', () => {
    const defaults = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, (value as { default: unknown }).default])
    );
    expect(readSettings({})).toEqual(defaults);
  });

  it('reads a setting that is null, or not there, as its default', () => {
    const warnings: string[] = [];
    const settings = readSettings({ maxImageSide: null, confirm: 'all' }, (w) => warnings.push(w));
    expect(settings).toMatchObject({ maxImageSide: 1024, confirm: 'all' });
    expect(warnings).toEqual(['setting "maxImageSide" has a value of the wrong shape (null); using 1024']);
  });
});

describe('schema/plugin.json', () => {
  it('is what the settings schema generates (the build writes it: run the bridge build and commit the file)', () => {
    expect(readFileSync(new URL('schema/plugin.json', packageDir), 'utf8')).toBe(pluginSchemaText());
  });

  it("shows each setting's bounds and choices, and the settings tools' shape without the bridge's own checks", () => {
    expect(schema.properties.maxResultChars).toMatchObject({ type: 'integer', minimum: 1000, maximum: 2_000_000, default: 60_000 });
    expect(schema.properties.confirm).toMatchObject({ type: 'string', enum: ['none', 'consequential', 'all'], title: 'Confirm calls' });
    // A pattern here would make JupyterLab refuse all the settings over one bad tool name.
    expect(schema.properties.tools.items.properties.name).toEqual({ type: 'string' });
    expect(schema.properties.tools.items.required).toEqual(['name', 'command', 'description']);
    expect(schema.properties.tools.items.properties.fixedArgs).toEqual({ type: 'object' });
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
