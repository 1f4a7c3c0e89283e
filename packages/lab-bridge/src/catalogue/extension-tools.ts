/**
 * Tools from other extensions (SPEC §2.3c): the declarations in their plugins'
 * settings schemas, checked one by one (a bad one is a catalogue error and
 * never stops the others), named `<plugin short name>__<id>`, and matched with
 * the handlers registered for them. A registration nothing declares is an
 * error too: its handler is never called. Pure.
 */
import {
  EXTENSION_TOOLS_KEY,
  extensionToolName,
  parseRegistrationId,
  registrationId,
  type checkExtensionToolDeclaration,
  type ToolDescriptor,
  type ToolResult
} from '@jupyter-live-mcp/protocol';
import type { CatalogueError } from './settings-tools.js';

/** What one plugin's settings schema declares under EXTENSION_TOOLS_KEY. */
export interface PluginDeclarations {
  pluginId: string;
  declared: unknown;
}

/** A declared tool. */
export interface ExtensionTool {
  descriptor: ToolDescriptor;
  pluginId: string;
  /** What the plugin passes to registerTool. */
  registration: string;
  needsApproval: boolean;
  /** Whether a handler is registered for it. */
  registered: boolean;
}

/** Where the declarations and handlers come from (extensions/agent-tools-service.ts). */
export interface ExtensionToolSource {
  declarations(): PluginDeclarations[];
  /** The registration ids that have a handler. */
  registered(): ReadonlySet<string>;
  run(spec: ExtensionTool, input: Record<string, unknown>): Promise<ToolResult>;
  onChange(listener: () => void): void;
}

/**
 * `check` is the protocol's checkExtensionToolDeclaration, passed in: this module
 * is a chunk loaded later, and one that imports zod keeps zod's modules out of the
 * bridge's concatenated module (about 1 kB gzip).
 */
export function parseExtensionTools(
  plugins: readonly PluginDeclarations[],
  registered: ReadonlySet<string>,
  check: typeof checkExtensionToolDeclaration
): { specs: ExtensionTool[]; errors: CatalogueError[] } {
  const specs: ExtensionTool[] = [];
  const errors: CatalogueError[] = [];
  const byName = new Map<string, string>();
  // In plugin id order, so which of two plugins keeps a name never depends on load order.
  for (const { pluginId, declared } of [...plugins].sort((a, b) => (a.pluginId < b.pluginId ? -1 : 1))) {
    const where = `${pluginId} "${EXTENSION_TOOLS_KEY}"`;
    if (!Array.isArray(declared)) {
      errors.push({ source: where, error: 'must be a list of tool declarations' });
      continue;
    }
    declared.forEach((entry, index) => {
      const id = (entry as { id?: unknown } | null)?.id;
      const source = `${where}[${index}]${typeof id === 'string' ? ` "${id}"` : ''}`;
      const checked = check(entry);
      if ('error' in checked) {
        errors.push({ source, error: checked.error });
        return;
      }
      const { tool } = checked;
      const name = extensionToolName(pluginId, tool.id);
      const holder = byName.get(name);
      if (holder) {
        errors.push({
          source,
          error:
            holder === pluginId
              ? `a tool with id "${tool.id}" is declared earlier in the list; ids must be unique`
              : `its name "${name}" is taken by a tool of ${holder}; rename the plugin or the tool`
        });
        return;
      }
      byName.set(name, pluginId);
      const registration = registrationId(pluginId, tool.id);
      specs.push({
        descriptor: {
          name,
          ...(tool.title ? { title: tool.title } : {}),
          description: tool.description,
          inputSchema: tool.inputSchema,
          hints: tool.hints
        },
        pluginId,
        registration,
        needsApproval: tool.needsApproval ?? false,
        registered: registered.has(registration)
      });
    });
  }
  const declared = new Set(specs.map((spec) => spec.registration));
  for (const registration of registered) {
    if (!declared.has(registration)) {
      errors.push({ source: `registerTool("${registration}")`, error: undeclaredReason(registration, plugins) });
    }
  }
  return { specs, errors };
}

function undeclaredReason(registration: string, plugins: readonly PluginDeclarations[]): string {
  const never = 'so its handler is never called';
  const parts = parseRegistrationId(registration);
  const plugin = parts && plugins.find((p) => p.pluginId === parts.pluginId);
  if (!parts || !plugin) {
    return (
      `no plugin declares it, ${never}: the id is "<plugin id>:<tool id>", and the plugin's settings schema lists the tool ` +
      `under "${EXTENSION_TOOLS_KEY}"${parts ? ` (no settings schema of a plugin "${parts.pluginId}" has that key)` : ''}`
    );
  }
  const ids = Array.isArray(plugin.declared) ? plugin.declared.map((entry) => (entry as { id?: unknown } | null)?.id) : [];
  const valid = ids.filter((id): id is string => typeof id === 'string');
  return (
    `${parts.pluginId} declares no valid tool "${parts.id}" under "${EXTENSION_TOOLS_KEY}", ${never}; ` +
    `it declares ${valid.length ? valid.map((id) => `"${id}"`).join(', ') : 'none'}`
  );
}
