/**
 * The other extensions' tools (SPEC §2.3c) as the catalogue sees them: reads
 * the tools their plugins declare from the setting registry (again when a
 * plugin's settings load or change) and runs a call of a declared tool with the
 * handler its plugin registered through IAgentTools (agent-tool-handlers.ts).
 * Listeners hear of every change that may alter the catalogue.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { ISettingRegistry } from '@jupyterlab/settingregistry';
import { EXTENSION_TOOLS_KEY, fail, MAX_NESTING_DEPTH, nestsDeeperThan, succeed, type ToolResult } from '@jupyter-live-mcp/protocol';
import type { ExtensionTool, ExtensionToolSource, PluginDeclarations } from '../catalogue/extension-tools.js';
import type { AgentToolHandlers } from './agent-tool-handlers.js';
import { notPlainJson } from './plain-json.js';

const RESULT_DEPTH = MAX_NESTING_DEPTH - 10;

export class AgentToolsService implements ExtensionToolSource {
  private readonly listeners = new Set<() => void>();
  /** Plugins whose schema declared tools when last read: a change of theirs may remove them. */
  private declaring = new Set<string>();

  constructor(
    private readonly app: Pick<JupyterFrontEnd, 'hasPlugin' | 'isPluginActivated'>,
    private readonly registry: ISettingRegistry | null,
    private readonly handlers: AgentToolHandlers
  ) {
    handlers.onChange(() => this.changed());
    registry?.pluginChanged.connect((_, pluginId) => {
      if (this.declaring.has(pluginId) || declaredIn(registry.plugins[pluginId]) !== undefined) {
        this.changed();
      }
    });
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  registered(): ReadonlySet<string> {
    return this.handlers.registered();
  }

  /** What each plugin in the registry declares under EXTENSION_TOOLS_KEY. */
  declarations(): PluginDeclarations[] {
    const plugins = this.registry?.plugins ?? {};
    const found = Object.entries(plugins).flatMap(([pluginId, plugin]) => {
      const declared = declaredIn(plugin);
      return declared === undefined ? [] : [{ pluginId, declared }];
    });
    this.declaring = new Set(found.map((plugin) => plugin.pluginId));
    return found;
  }

  /** Runs a call of a declared tool, its input checked. A handler's throw is left to the call pipeline. */
  async run(spec: ExtensionTool, input: Record<string, unknown>): Promise<ToolResult> {
    const { name } = spec.descriptor;
    const handler = this.handlers.handlerOf(spec.registration);
    const inactive = this.app.hasPlugin(spec.pluginId) && !this.app.isPluginActivated(spec.pluginId);
    if (!handler || inactive) {
      return fail(
        'unknown_tool',
        `"${name}" has no handler now: ${spec.pluginId} ${inactive ? 'is not active (deactivated)' : 'has registered none for it'}. ` +
          `That extension must call IAgentTools.registerTool("${spec.registration}", handler); call tools/list for the tools there are.`
      );
    }
    const badInput = notPlainJson(input, 'input');
    if (badInput) {
      return fail('bad_input', `${name}: the input must be plain JSON; ${badInput}.`);
    }
    const result: unknown = await handler(input);
    // The wire message around the result takes a few levels of the limit.
    const badResult =
      notPlainJson(result) ?? (nestsDeeperThan(result, RESULT_DEPTH) ? `it nests deeper than ${RESULT_DEPTH} levels` : undefined);
    if (badResult) {
      return fail(
        'command_failed',
        `${name}: the handler of ${spec.pluginId} returned what cannot be the result (${badResult}); a handler returns ` +
          `plain JSON: objects, arrays, strings, finite numbers, booleans or null, at most ${RESULT_DEPTH} levels deep.`
      );
    }
    return succeed({ result });
  }

  private changed(): void {
    for (const listener of this.listeners) {
      listener();
    }
  }
}

function declaredIn(plugin: ISettingRegistry.IPlugin | undefined): unknown {
  return (plugin?.schema as Record<string, unknown> | undefined)?.[EXTENSION_TOOLS_KEY];
}
