/**
 * The bridge's IAgentTools (SPEC §2.3c): keeps the handlers other extensions
 * register, reads the tools their plugins declare from the setting registry
 * (again when a plugin's settings load or change), and runs a call of a
 * declared tool with its handler. Listeners hear of every change that may alter
 * the catalogue.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { ISettingRegistry } from '@jupyterlab/settingregistry';
import type { IDisposable } from '@lumino/disposable';
import { EXTENSION_TOOLS_KEY, fail, MAX_NESTING_DEPTH, nestsDeeperThan, succeed, type ToolResult } from '@jupyter-live-mcp/protocol';
import type { AgentToolHandler, IAgentTools } from '../agent-tools.js';
import type { ExtensionTool, PluginDeclarations } from '../catalogue/extension-tools.js';
import { notPlainJson } from './plain-json.js';

const RESULT_DEPTH = MAX_NESTING_DEPTH - 10;

export class AgentToolsService implements IAgentTools {
  private readonly handlers = new Map<string, AgentToolHandler>();
  private readonly listeners = new Set<() => void>();
  /** Plugins whose schema declared tools when last read: a change of theirs may remove them. */
  private declaring = new Set<string>();

  constructor(
    private readonly app: Pick<JupyterFrontEnd, 'hasPlugin' | 'isPluginActivated'>,
    private readonly registry: ISettingRegistry | null
  ) {
    registry?.pluginChanged.connect((_, pluginId) => {
      if (this.declaring.has(pluginId) || declaredIn(registry.plugins[pluginId]) !== undefined) {
        this.changed();
      }
    });
  }

  registerTool(id: string, handler: AgentToolHandler): IDisposable {
    if (typeof id !== 'string' || typeof handler !== 'function') {
      throw new TypeError('registerTool(id, handler): id is "<plugin id>:<tool id>" and handler a function');
    }
    if (this.handlers.has(id)) {
      // Any plugin can call this service, so a second registration could take over another plugin's tool.
      throw new Error(
        `registerTool("${id}"): that id has a handler already, and the first registration keeps it until it is disposed ` +
          '(dispose the earlier registration first; another plugin may hold it)'
      );
    }
    this.handlers.set(id, handler);
    this.changed();
    let disposed = false;
    return {
      get isDisposed() {
        return disposed;
      },
      dispose: () => {
        if (!disposed && this.handlers.get(id) === handler) {
          this.handlers.delete(id);
          this.changed();
        }
        disposed = true;
      }
    };
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** The registration ids that have a handler. */
  registered(): ReadonlySet<string> {
    return new Set(this.handlers.keys());
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
    const handler = this.handlers.get(spec.registration);
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
