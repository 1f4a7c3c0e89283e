import { describe, expect, it } from 'vitest';
import { checkExtensionToolDeclaration, defaultToolsFor } from '@jupyter-live-mcp/protocol';
import { buildCatalogue, type CatalogueInput } from './build-catalogue.js';
import { parseExtensionTools } from './extension-tools.js';

const WEATHER = '@my-org/weather-ext:plugin';
const declaration = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  description: `The ${id} tool.`,
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  ...extra
});

describe('parseExtensionTools', () => {
  it('names each declared tool <plugin short name>__<id>, with the declared schema and hints', () => {
    const { specs, errors } = parseExtensionTools(
      [
        {
          pluginId: WEATHER,
          declared: [declaration('get_weather', { title: 'Weather', hints: { readOnlyHint: true }, needsApproval: true })]
        }
      ],
      new Set([`${WEATHER}:get_weather`]),
      checkExtensionToolDeclaration
    );
    expect(errors).toEqual([]);
    expect(specs).toEqual([
      {
        descriptor: {
          name: 'weather_ext__get_weather',
          title: 'Weather',
          description: 'The get_weather tool.',
          inputSchema: declaration('get_weather').inputSchema,
          hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false }
        },
        pluginId: WEATHER,
        registration: `${WEATHER}:get_weather`,
        needsApproval: true,
        registered: true
      }
    ]);
  });

  it('skips a bad declaration with a reason, keeping the others', () => {
    const { specs, errors } = parseExtensionTools(
      [
        {
          pluginId: WEATHER,
          declared: [declaration('ok'), { id: 'Bad-Id', description: 'x', inputSchema: { type: 'object' } }, declaration('ok')]
        },
        { pluginId: 'broken:plugin', declared: { id: 'not a list' } }
      ],
      new Set(),
      checkExtensionToolDeclaration
    );
    expect(specs.map((spec) => spec.descriptor.name)).toEqual(['weather_ext__ok']);
    expect(errors).toEqual([
      { source: `${WEATHER} "jupyter-live-mcp:tools"[1] "Bad-Id"`, error: expect.stringMatching(/^id: must match/) },
      {
        source: `${WEATHER} "jupyter-live-mcp:tools"[2] "ok"`,
        error: 'a tool with id "ok" is declared earlier in the list; ids must be unique'
      },
      { source: 'broken:plugin "jupyter-live-mcp:tools"', error: 'must be a list of tool declarations' }
    ]);
  });

  it('gives a name two plugins would share to the first by plugin id, whatever the load order', () => {
    const { specs, errors } = parseExtensionTools(
      [
        { pluginId: '@b/weather-ext:plugin', declared: [declaration('now')] },
        { pluginId: '@a/weather-ext:plugin', declared: [declaration('now')] }
      ],
      new Set(),
      checkExtensionToolDeclaration
    );
    expect(specs.map((spec) => spec.pluginId)).toEqual(['@a/weather-ext:plugin']);
    expect(errors[0]?.error).toBe('its name "weather_ext__now" is taken by a tool of @a/weather-ext:plugin; rename the plugin or the tool');
  });

  it('says a registration nothing declares is never called, and what the plugin declares', () => {
    const { errors } = parseExtensionTools(
      [{ pluginId: WEATHER, declared: [declaration('get_weather')] }],
      new Set([`${WEATHER}:get_wether`, 'get_weather', 'other:plugin:x']),
      checkExtensionToolDeclaration
    );
    expect(errors.map((error) => error.source)).toEqual([
      `registerTool("${WEATHER}:get_wether")`,
      'registerTool("get_weather")',
      'registerTool("other:plugin:x")'
    ]);
    expect(errors[0]?.error).toMatch(/declares no valid tool "get_wether" .*never called; it declares "get_weather"$/);
    expect(errors[1]?.error).toMatch(/^no plugin declares it, so its handler is never called: the id is "<plugin id>:<tool id>"/);
    expect(errors[2]?.error).toMatch(/no settings schema of a plugin "other:plugin" has that key/);
  });
});

describe('parseExtensionTools, more', () => {
  it('names a declaration by its id only when the id is text, and needs no approval unless it says so', () => {
    const { specs, errors } = parseExtensionTools(
      [{ pluginId: WEATHER, declared: [null, { id: 5 }, declaration('ok')] }],
      new Set(),
      checkExtensionToolDeclaration
    );
    expect(errors.map((error) => error.source)).toEqual([
      `${WEATHER} "jupyter-live-mcp:tools"[0]`,
      `${WEATHER} "jupyter-live-mcp:tools"[1]`
    ]);
    expect(specs.map((spec) => [spec.descriptor.name, spec.needsApproval, spec.registered])).toEqual([['weather_ext__ok', false, false]]);
  });

  it('says which tools a plugin declares when a registration names another: the valid ids, or none', () => {
    const reason = (declared: unknown) =>
      parseExtensionTools([{ pluginId: WEATHER, declared }], new Set([`${WEATHER}:other`]), checkExtensionToolDeclaration).errors.at(-1)
        ?.error;
    expect(reason([null, { id: 5 }, declaration('a'), declaration('b')])).toBe(
      `${WEATHER} declares no valid tool "other" under "jupyter-live-mcp:tools", so its handler is never called; it declares "a", "b"`
    );
    expect(reason({ id: 'not a list' })).toMatch(/; it declares none$/);
    expect(parseExtensionTools([], new Set(['get_weather']), checkExtensionToolDeclaration).errors[0]?.error).toBe(
      'no plugin declares it, so its handler is never called: the id is "<plugin id>:<tool id>", and the plugin\'s settings schema lists the tool under "jupyter-live-mcp:tools"'
    );
  });
});

describe('buildCatalogue with extension tools', () => {
  const specs = (registered: string[]) =>
    parseExtensionTools(
      [{ pluginId: WEATHER, declared: [declaration('get_weather'), declaration('forecast'), declaration('clash')] }],
      new Set(registered.map((id) => `${WEATHER}:${id}`)),
      checkExtensionToolDeclaration
    ).specs;
  const input = (overrides: Partial<CatalogueInput>): CatalogueInput => ({
    builtInNames: ['get_context'],
    defaultTools: defaultToolsFor('bridge'),
    settingsTools: [
      {
        name: 'weather_ext__clash',
        description: 'a settings tool',
        command: 'docmanager:open',
        hints: { readOnlyHint: false, consequentialHint: false, untrustedContentHint: false },
        required: [],
        fixedArgs: {}
      }
    ],
    extensionTools: [],
    disabledTools: [],
    hasCommand: () => true,
    hasCommandWithPrefix: () => true,
    isBlocked: () => false,
    schemaOf: () => null,
    jupyterLite: false,
    ...overrides
  });

  it('offers declared tools with a handler; disabledTools, a handler missing and a taken name leave one out, saying why', () => {
    const catalogue = buildCatalogue(input({ extensionTools: specs(['get_weather', 'clash']), disabledTools: ['weather_ext__nothing'] }));
    expect(catalogue.extensionTools.map((spec) => spec.descriptor.name)).toEqual(['weather_ext__get_weather']);
    expect(catalogue.errors).toEqual([
      {
        source: `${WEATHER} tool "weather_ext__forecast"`,
        error: `${WEATHER} declares it but has registered no handler for it (IAgentTools.registerTool("${WEATHER}:forecast", handler)); that extension must register it`
      },
      {
        source: `${WEATHER} tool "weather_ext__clash"`,
        error: 'another tool of the page is named "weather_ext__clash"; the page\'s own tools keep their names'
      }
    ]);
    expect(catalogue.unavailable.find((tool) => tool.name === 'weather_ext__forecast')?.reason).toMatch(/registered no handler/);
    const disabled = buildCatalogue(input({ extensionTools: specs(['get_weather']), disabledTools: ['weather_ext__get_weather'] }));
    expect(disabled.extensionTools).toEqual([]);
    expect(disabled.unavailable).toContainEqual({
      name: 'weather_ext__get_weather',
      reason: "the page's disabledTools setting removes it"
    });
  });
});
