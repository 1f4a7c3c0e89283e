import { describe, expect, it } from 'vitest';
import type { ISettingRegistry } from '@jupyterlab/settingregistry';
import { Signal } from '@lumino/signaling';
import { checkExtensionToolDeclaration } from '@jupyter-live-mcp/protocol';
import { parseExtensionTools } from '../catalogue/extension-tools.js';
import { AgentToolHandlers } from './agent-tool-handlers.js';
import { AgentToolsService } from './agent-tools-service.js';

const PLUGIN = 'weather-ext:plugin';
const declared = [
  { id: 'echo', description: 'Echoes.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
  { id: 'bad', description: 'Returns a function.', inputSchema: { type: 'object' } }
];

function service(activated = true, handlers = new AgentToolHandlers()) {
  const pluginChanged = new Signal<unknown, string>({});
  const plugins: Record<string, { schema: Record<string, unknown> }> = {
    [PLUGIN]: { schema: { type: 'object', 'jupyter-live-mcp:tools': declared } },
    'other:plugin': { schema: { type: 'object' } }
  };
  const registry = { plugins, pluginChanged } as unknown as ISettingRegistry;
  const tools = new AgentToolsService({ hasPlugin: () => true, isPluginActivated: () => activated }, registry, handlers);
  let changes = 0;
  tools.onChange(() => changes++);
  const spec = (id: string) =>
    parseExtensionTools(tools.declarations(), tools.registered(), checkExtensionToolDeclaration).specs.find((s) =>
      s.registration.endsWith(`:${id}`)
    )!;
  return { tools, handlers, spec, plugins, pluginChanged, changes: () => changes };
}

describe('AgentToolsService', () => {
  it('reads the declarations of the plugins that have the key', () => {
    expect(service().tools.declarations()).toEqual([{ pluginId: PLUGIN, declared }]);
  });

  it('runs a registered handler with the input and wraps its JSON result; dispose removes it', async () => {
    const { tools, handlers, spec, changes } = service();
    const registration = handlers.registerTool(`${PLUGIN}:echo`, (input) => ({ said: input.text }));
    expect(changes()).toBe(1);
    expect(await tools.run(spec('echo'), { text: 'hi' })).toEqual({ success: true, result: { said: 'hi' } });
    registration.dispose();
    expect(registration.isDisposed).toBe(true);
    expect(changes()).toBe(2);
    const gone = await tools.run(spec('echo'), { text: 'hi' });
    expect(gone).toMatchObject({ success: false, code: 'unknown_tool' });
    expect(gone.success === false && gone.error).toMatch(
      /weather-ext:plugin has registered none for it.*registerTool\("weather-ext:plugin:echo", handler\)/
    );
  });

  it("refuses a second registration of an id: the first keeps it until disposed, so no plugin takes over another's tool", async () => {
    const { tools, handlers, spec } = service();
    const first = handlers.registerTool(`${PLUGIN}:echo`, () => 'first');
    expect(() => handlers.registerTool(`${PLUGIN}:echo`, () => 'impostor')).toThrow(
      'registerTool("weather-ext:plugin:echo"): that id has a handler already, and the first registration keeps it until it is disposed'
    );
    expect(await tools.run(spec('echo'), {})).toEqual({ success: true, result: 'first' });
    first.dispose();
    handlers.registerTool(`${PLUGIN}:echo`, () => 'after');
    expect(await tools.run(spec('echo'), {})).toEqual({ success: true, result: 'after' });
  });

  it('rejects a result that is not plain JSON, and lets a throw through to the call pipeline', async () => {
    const { tools, handlers, spec } = service();
    let calls = 0;
    handlers.registerTool(`${PLUGIN}:bad`, () => {
      calls++;
      return calls === 1 ? { f: () => 1 } : Promise.reject(new Error('no city'));
    });
    const refused = await tools.run(spec('bad'), {});
    expect(refused).toMatchObject({ success: false, code: 'command_failed' });
    expect(refused.success === false && refused.error).toMatch(
      /^weather_ext__bad: the handler of weather-ext:plugin returned what cannot be the result \(result\.f: a function\)/
    );
    await expect(tools.run(spec('bad'), {})).rejects.toThrow('no city');
  });

  it('answers that a deactivated plugin has no handler', async () => {
    const { tools, handlers, spec } = service(false);
    handlers.registerTool(`${PLUGIN}:echo`, () => 'x');
    const result = await tools.run(spec('echo'), {});
    expect(result.success === false && result.error).toMatch(/weather-ext:plugin is not active/);
  });

  it('hears of plugins whose declarations come or go, not of others', () => {
    const { tools, plugins, pluginChanged, changes } = service();
    tools.declarations();
    pluginChanged.emit('other:plugin');
    expect(changes()).toBe(0);
    plugins['late:plugin'] = { schema: { 'jupyter-live-mcp:tools': [] } };
    pluginChanged.emit('late:plugin');
    expect(changes()).toBe(1);
    delete plugins[PLUGIN];
    pluginChanged.emit(PLUGIN);
    expect(changes()).toBe(2);
  });

  it('runs a handler registered before the service was made (before the rest of the bridge loaded) and hears of later changes', async () => {
    const early = new AgentToolHandlers();
    const registration = early.registerTool(`${PLUGIN}:echo`, (input) => ({ said: input.text }));
    const { tools, spec, changes } = service(true, early);
    expect(tools.registered()).toEqual(new Set([`${PLUGIN}:echo`]));
    expect(await tools.run(spec('echo'), { text: 'early' })).toEqual({ success: true, result: { said: 'early' } });
    registration.dispose();
    expect(changes()).toBe(1);
    expect(await tools.run(spec('echo'), { text: 'early' })).toMatchObject({ success: false, code: 'unknown_tool' });
  });

  it('refuses a registration that is no id and handler', () => {
    expect(() => service().handlers.registerTool(`${PLUGIN}:echo`, 'not a function' as never)).toThrow(/handler a function/);
  });
});
