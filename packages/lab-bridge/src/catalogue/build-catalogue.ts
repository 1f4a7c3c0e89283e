/**
 * The page's catalogue (SPEC §2): the built-in tools, the default tools whose
 * command exists, the settings tools (replacing a default of the same name),
 * minus `disabledTools` and minus tools whose command is blocked. Pure: the
 * page's commands and their schemas come in as data.
 */
import { DEFAULT_TOOLS, type DefaultTool } from '@jupyter-live-mcp/protocol';
import { commandTool, schemaProperties, undeclaredInputs, type CommandTool, type CommandToolSpec } from './command-tools.js';
import type { CatalogueError } from './settings-tools.js';

export interface CatalogueInput {
  builtInNames: readonly string[];
  settingsTools: readonly CommandToolSpec[];
  disabledTools: readonly string[];
  hasCommand(id: string): boolean;
  isBlocked(id: string): boolean;
  /** The command's `describedBy` args schema, or null. */
  schemaOf(id: string): unknown;
}

export interface Catalogue {
  builtIns: string[];
  commandTools: CommandTool[];
  errors: CatalogueError[];
}

export function defaultToolSpec(tool: DefaultTool): CommandToolSpec {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    command: tool.command,
    hints: tool.hints,
    inputs: Object.keys(tool.properties),
    required: tool.required,
    fixedArgs: tool.fixedArgs,
    fallbackProperties: tool.properties
  };
}

/**
 * Page-side behaviours of default tools, given by tool name, keyed by the
 * command each tool runs. A name that is no default tool's is an error.
 */
export function byDefaultToolCommand<T>(byTool: Readonly<Record<string, T>>): Map<string, T> {
  const unknown = Object.keys(byTool).filter((name) => !DEFAULT_TOOLS.some((tool) => tool.name === name));
  if (unknown.length) {
    throw new Error(`not default tools: ${unknown.join(', ')}`);
  }
  return new Map(DEFAULT_TOOLS.filter((tool) => Object.hasOwn(byTool, tool.name)).map((tool) => [tool.command, byTool[tool.name]!]));
}

export function buildCatalogue(input: CatalogueInput): Catalogue {
  const disabled = new Set(input.disabledTools);
  const errors: CatalogueError[] = [];
  const bySettings = new Map(input.settingsTools.map((spec) => [spec.name, spec]));
  const specs = [...DEFAULT_TOOLS.filter((tool) => !bySettings.has(tool.name)).map(defaultToolSpec), ...input.settingsTools];
  const commandTools: CommandTool[] = [];
  for (const spec of specs) {
    if (disabled.has(spec.name) || !input.hasCommand(spec.command)) {
      continue;
    }
    if (input.isBlocked(spec.command)) {
      if (bySettings.has(spec.name)) {
        errors.push({ source: `tools "${spec.name}"`, error: `its command "${spec.command}" is in blockedCommands` });
      }
      continue;
    }
    const described = input.schemaOf(spec.command);
    const undeclared = bySettings.has(spec.name) ? undeclaredInputs(spec, described) : [];
    if (undeclared.length) {
      const takes = Object.keys(schemaProperties(described) ?? {});
      errors.push({
        source: `tools "${spec.name}"`,
        error:
          `${undeclared.map((name) => `"${name}"`).join(', ')} ${undeclared.length === 1 ? 'is not an input' : 'are not inputs'} of ` +
          `"${spec.command}", which takes ${takes.length ? takes.join(', ') : 'none'}; fix args and required`
      });
      continue;
    }
    commandTools.push(commandTool(spec, described));
  }
  for (const spec of input.settingsTools) {
    if (!disabled.has(spec.name) && !input.hasCommand(spec.command)) {
      errors.push({
        source: `tools "${spec.name}"`,
        error: `the page has no command "${spec.command}" (yet: the tool appears when an extension registers it)`
      });
    }
  }
  return {
    builtIns: input.builtInNames.filter((name) => !disabled.has(name)),
    commandTools,
    errors
  };
}
