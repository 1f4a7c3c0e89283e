import { describe, expect, it } from 'vitest';
import {
  extensionToolName,
  MAX_EXTENSION_TOOL_NAME,
  parseRegistrationId,
  pluginShortName,
  registrationId
} from './extension-tool-names.js';
import { extensionToolDeclarationSchema } from './extension-tools.js';
import { toolDescriptorSchema } from './page-messages.js';

describe('extension tool names', () => {
  it('namespace the id by the plugin, without scope or the conventional :plugin', () => {
    expect(pluginShortName('@my-org/weather-ext:plugin')).toBe('weather_ext');
    expect(pluginShortName('weather-ext:maps')).toBe('weather_ext_maps');
    expect(pluginShortName('@a/9lives:plugin')).toBe('ext_9lives');
    expect(extensionToolName('@my-org/weather-ext:plugin', 'get_weather')).toBe('weather_ext__get_weather');
  });

  it('stay within the longest name, as valid MCP tool names', () => {
    const name = extensionToolName(`@x/${'very-long-package-name-'.repeat(5)}:plugin`, 'a'.repeat(32));
    expect(name.length).toBeLessThanOrEqual(MAX_EXTENSION_TOOL_NAME);
    expect(name).toMatch(/^[a-z][a-z0-9_]*__a{32}$/);
    expect(name).not.toMatch(/___/);
    expect(toolDescriptorSchema.shape.name.safeParse(name).success).toBe(true);
  });

  it('take a scope and :plugin off only at the ends, and write each run of other characters as one _, none at either end', () => {
    expect(pluginShortName('my@org/tools:plugin')).toBe('my_org_tools');
    expect(pluginShortName('weather:plugins')).toBe('weather_plugins');
    expect(pluginShortName('Weather--Ext..Maps')).toBe('weather_ext_maps');
    expect(pluginShortName('@x/-_tools_-:plugin')).toBe('tools');
    expect(pluginShortName('@x/_9:plugin')).toBe('ext_9');
  });

  it('cut the short name where it must, without an _ at the cut', () => {
    // 30 characters are left for the short name: "abcd_" six times, its last _ left out.
    expect(extensionToolName(`@x/${'abcd-'.repeat(10)}:plugin`, 'a'.repeat(32))).toBe(`${'abcd_'.repeat(5)}abcd__${'a'.repeat(32)}`);
    expect(extensionToolName(`@x/${'abcde'.repeat(10)}:plugin`, 'a'.repeat(32))).toBe(`${'abcde'.repeat(6)}__${'a'.repeat(32)}`);
  });

  it('registration ids round-trip, the tool id after the last colon', () => {
    expect(parseRegistrationId(registrationId('@my-org/weather-ext:plugin', 'get_weather'))).toEqual({
      pluginId: '@my-org/weather-ext:plugin',
      id: 'get_weather'
    });
    expect(parseRegistrationId('no-colon')).toBeUndefined();
    expect(parseRegistrationId(':x')).toBeUndefined();
  });
});

describe('extensionToolDeclarationSchema', () => {
  const good = { id: 'get_weather', description: 'The weather in a city.', inputSchema: { type: 'object', properties: {} } };

  it('takes a declaration with hints and needsApproval', () => {
    expect(extensionToolDeclarationSchema.safeParse({ ...good, hints: { readOnlyHint: true }, needsApproval: true }).success).toBe(true);
  });

  it('gives every hint left out as false', () => {
    const none = { readOnlyHint: false, consequentialHint: false, untrustedContentHint: false };
    expect(extensionToolDeclarationSchema.parse(good).hints).toEqual(none);
    expect(extensionToolDeclarationSchema.parse({ ...good, hints: { consequentialHint: true } }).hints).toEqual({
      ...none,
      consequentialHint: true
    });
  });

  it.each([
    [{ ...good, id: 'Get-Weather' }, 'id'],
    [{ ...good, description: '' }, 'description'],
    [{ ...good, inputSchema: { type: 'string' } }, 'inputSchema'],
    [{ ...good, hints: { readonly: true } }, 'hints'],
    [{ ...good, name: 'x' }, 'name']
  ])('refuses %j, naming %s', (declaration, key) => {
    const parsed = extensionToolDeclarationSchema.safeParse(declaration);
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain(key);
  });
});
