/**
 * The page's catalogue (SPEC §2): the built-in tools, the default tools that
 * the notebookTools mode offers and whose command exists (and, for another
 * extension's command, whose installed release offers what the tool needs), the settings
 * tools (replacing a default of the same name), minus `disabledTools` and minus
 * tools whose command is blocked. Each default tool left out is named with why,
 * for the agent that calls it anyway. Pure: the page's commands and their
 * schemas come in as data.
 */
import {
  commandToolDescriptor,
  DEFAULT_TOOLS,
  schemaProperties,
  type CommandTool,
  type DefaultTool,
  type DefaultToolShortcut,
  type ToolDescriptor,
  type UnavailableTool
} from '@jupyter-live-mcp/protocol';
import type { ExtensionTool } from './extension-tools.js';
import type { CatalogueError } from './settings-tools.js';

export interface CatalogueInput {
  builtInNames: readonly string[];
  /** The default tools of the page's notebookTools mode (protocol's defaultToolsFor). */
  defaultTools: readonly DefaultTool[];
  settingsTools: readonly CommandTool[];
  /** Tools other extensions declare (extension-tools.ts). */
  extensionTools: readonly ExtensionTool[];
  disabledTools: readonly string[];
  hasCommand(id: string): boolean;
  /** Whether any command has this prefix: is an extension there at all. */
  hasCommandWithPrefix(prefix: string): boolean;
  isBlocked(id: string): boolean;
  /** The command's `describedBy` args schema, or null. */
  schemaOf(id: string): unknown;
  /** A JupyterLite page, which gets extensions only when its site is built: pip install does not reach it. */
  jupyterLite: boolean;
  /** Why the bridge's own notebook tools are off on this page (catalogue/optional-parts.ts), if they are. */
  ownToolsOff?: string;
}

export interface Catalogue {
  builtIns: string[];
  /** Each command tool offered, and its listing made from its command's schema. */
  commandTools: { tool: CommandTool; descriptor: ToolDescriptor }[];
  /** The declared tools offered: each has its handler. */
  extensionTools: ExtensionTool[];
  errors: CatalogueError[];
  unavailable: UnavailableTool[];
}

/** The page's short cuts, given by kind, keyed by the command of each default tool whose definition names one. */
export function shortcutsByCommand<T>(byKind: Readonly<Record<DefaultToolShortcut, T>>): Map<string, T> {
  return new Map(DEFAULT_TOOLS.flatMap((tool) => (tool.shortcut ? [[tool.command, byKind[tool.shortcut]] as const] : [])));
}

export function buildCatalogue(input: CatalogueInput): Catalogue {
  const disabled = new Set(input.disabledTools);
  const errors: CatalogueError[] = [];
  const unavailable: UnavailableTool[] = [];
  const bySettings = new Map(input.settingsTools.map((tool) => [tool.name, tool]));
  const defaults = input.defaultTools.filter((tool) => !bySettings.has(tool.name));
  const offered = defaults.filter((tool) => {
    const why = whyNotOffered(tool, input, disabled);
    if (why) {
      unavailable.push({ name: tool.name, reason: why.reason });
      if (why.error) {
        errors.push({ source: `default tool "${tool.name}"`, error: why.error });
      }
    }
    return !why;
  });
  const commandTools: Catalogue['commandTools'] = [];
  for (const tool of [...offered, ...input.settingsTools]) {
    if (disabled.has(tool.name) || !input.hasCommand(tool.command)) {
      continue;
    }
    if (input.isBlocked(tool.command)) {
      if (bySettings.has(tool.name)) {
        errors.push({ source: `tools "${tool.name}"`, error: `its command "${tool.command}" is in blockedCommands` });
      }
      continue;
    }
    const described = input.schemaOf(tool.command);
    const undeclared = bySettings.has(tool.name) ? undeclaredInputs(tool, described) : [];
    if (undeclared.length) {
      const takes = Object.keys(schemaProperties(described) ?? {});
      errors.push({
        source: `tools "${tool.name}"`,
        error:
          `${undeclared.map((name) => `"${name}"`).join(', ')} ${undeclared.length === 1 ? 'is not an input' : 'are not inputs'} of ` +
          `"${tool.command}", which takes ${takes.length ? takes.join(', ') : 'none'}; fix args and required`
      });
      continue;
    }
    commandTools.push({ tool, descriptor: commandToolDescriptor(tool, described) });
  }
  for (const tool of input.settingsTools) {
    if (!disabled.has(tool.name) && !input.hasCommand(tool.command)) {
      errors.push({
        source: `tools "${tool.name}"`,
        error: `the page has no command "${tool.command}" (yet: the tool appears when an extension registers it)`
      });
    }
  }
  const builtIns = input.builtInNames.filter((name) => !disabled.has(name));
  const taken = new Set([
    ...builtIns,
    ...commandTools.map((tool) => tool.descriptor.name),
    ...input.settingsTools.map((spec) => spec.name)
  ]);
  const extensionTools = input.extensionTools.filter((spec) => {
    const { name } = spec.descriptor;
    const source = `${spec.pluginId} tool "${name}"`;
    if (disabled.has(name)) {
      unavailable.push({ name, reason: "the page's disabledTools setting removes it" });
      return false;
    }
    if (taken.has(name)) {
      errors.push({ source, error: `another tool of the page is named "${name}"; the page's own tools keep their names` });
      return false;
    }
    if (!spec.registered) {
      const reason = `${spec.pluginId} declares it but has registered no handler for it (IAgentTools.registerTool("${spec.registration}", handler)); that extension must register it`;
      errors.push({ source, error: reason });
      unavailable.push({ name, reason });
      return false;
    }
    return true;
  });
  return { builtIns, commandTools, extensionTools, errors, unavailable };
}

/**
 * Why a default tool is not offered, if it is not: the reason the agent hears,
 * and a catalogue error where the person has something to fix (an extension
 * release too old for the tool).
 */
function whyNotOffered(
  tool: DefaultTool,
  input: CatalogueInput,
  disabled: ReadonlySet<string>
): { reason: string; error?: string } | undefined {
  if (disabled.has(tool.name)) {
    return { reason: "the page's disabledTools setting removes it" };
  }
  if (input.isBlocked(tool.command)) {
    return { reason: `its command "${tool.command}" is in the page's blockedCommands setting` };
  }
  if (tool.unavailable) {
    return { reason: tool.unavailable };
  }
  if (tool.declaration && input.ownToolsOff) {
    return { reason: input.ownToolsOff };
  }
  const provider = tool.providedBy;
  const instead = 'or set the bridge\'s notebookTools setting to "bridge" for the bridge\'s own notebook tools';
  if (!input.hasCommand(tool.command)) {
    if (!provider) {
      return { reason: `the page has no command "${tool.command}"` };
    }
    if (!input.hasCommandWithPrefix(provider.commandPrefix)) {
      const get = input.jupyterLite
        ? 'a JupyterLite page gets extensions only when its site is built'
        : `install it (${provider.install}) and reload the page`;
      return {
        reason: `the page's notebookTools setting is "${provider.name}", and this page does not have the ${provider.name} extension: ${get}, ${instead}`
      };
    }
    const error = `this page's ${provider.name} has no "${tool.command}": ${tool.name} needs ${provider.name} ${tool.needs?.release ?? 'a newer release'} or newer, ${instead}`;
    return { reason: error, error };
  }
  const missing = provider ? undeclaredNeeds(tool, input.schemaOf(tool.command)) : [];
  if (missing.length && provider) {
    const error =
      `this page's ${provider.name} command "${tool.command}" does not declare ${missing.join(', ')}, which ${tool.name} relies on: ` +
      `it needs ${provider.name} ${tool.needs?.release} or newer, ${instead}`;
    return { reason: error, error };
  }
  return undefined;
}

/** The inputs a tool relies on that its command does not declare (all of them where it declares no JSON schema). */
function undeclaredNeeds(tool: DefaultTool, described: unknown): string[] {
  const declared = schemaProperties(described) ?? {};
  return (tool.needs?.inputs ?? []).filter((name) => !Object.hasOwn(declared, name));
}

/**
 * The inputs and required names of a settings tool that its command's schema
 * does not declare: a typo there would otherwise drop the input, or its
 * requiredness, without a word. None when the command declares no schema.
 */
function undeclaredInputs(tool: CommandTool, described: unknown): string[] {
  const declared = schemaProperties(described);
  if (!declared) {
    return [];
  }
  return [...new Set([...(tool.inputs ?? []), ...tool.required])].filter((name) => !Object.hasOwn(declared, name));
}
