/**
 * Tools from the `tools` setting (SPEC §2.3). Each entry is checked on its own:
 * a bad one becomes a catalogue error (shown in get_context) and never stops the
 * others. Pure.
 */
import * as z from 'zod/mini';
import { BUILT_IN_TOOLS, declaredToolHintsSchema, describeIssues, toolHintsSchema, type CommandTool } from '@jupyter-live-mcp/protocol';

export interface CatalogueError {
  /** Where the problem is, e.g. `tools[2]` or `tools[2] "my_tool"`. */
  source: string;
  error: string;
}

/**
 * A settings tool's shape, as JupyterLab's Settings Editor checks it (the
 * `tools` items of schema/plugin.json): only types, so that JupyterLab never
 * refuses the person's settings over one entry, which the bridge then skips
 * with a reason (settingsToolSchema).
 */
export const settingsToolShape = z.object({
  name: z.string(),
  command: z.string(),
  title: z.optional(z.string()),
  description: z.string(),
  args: z
    .optional(z.array(z.string()))
    .check(
      z.describe(
        "The command's inputs the agent sees (default: all it declares). Each must be an input the command declares, when it declares a schema."
      )
    ),
  required: z
    .optional(z.array(z.string()))
    .check(z.describe('Inputs the agent must give, declared by the command and listed in args when args is given.')),
  fixedArgs: z.optional(z.record(z.string(), z.unknown())),
  ...declaredToolHintsSchema.shape
});

/** What the bridge accepts of an entry (SPEC §2.3). */
const settingsToolSchema = z.strictObject({
  ...settingsToolShape.shape,
  name: z.string().check(z.regex(/^[a-z][a-z0-9_]{0,47}$/, 'must match ^[a-z][a-z0-9_]{0,47}$ (lower case, digits, _; at most 48)')),
  command: z.string().check(z.minLength(1)),
  description: z.string().check(z.minLength(1, 'must say what the tool does, for the agent'))
});

const builtInNames = new Set<string>(BUILT_IN_TOOLS.map((tool) => tool.name));

export function parseSettingsTools(entries: unknown): { specs: CommandTool[]; errors: CatalogueError[] } {
  const specs: CommandTool[] = [];
  const errors: CatalogueError[] = [];
  if (!Array.isArray(entries)) {
    if (entries !== undefined) {
      errors.push({ source: 'tools', error: 'must be a list of tool objects' });
    }
    return { specs, errors };
  }
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const name = (entry as { name?: unknown } | null)?.name;
    const source = typeof name === 'string' ? `tools[${index}] "${name}"` : `tools[${index}]`;
    const parsed = settingsToolSchema.safeParse(entry);
    if (!parsed.success) {
      errors.push({ source, error: describeIssues(parsed.error) });
      return;
    }
    const tool = parsed.data;
    if (builtInNames.has(tool.name)) {
      errors.push({ source, error: `"${tool.name}" is a built-in tool's name; choose another name` });
      return;
    }
    if (seen.has(tool.name)) {
      errors.push({ source, error: `a tool named "${tool.name}" is defined earlier in the list; names must be unique` });
      return;
    }
    const notShown = tool.args ? (tool.required ?? []).filter((name) => !tool.args!.includes(name)) : [];
    if (notShown.length) {
      errors.push({
        source,
        error: `required ${notShown.map((name) => `"${name}"`).join(', ')} must be in args too (args: ${tool.args!.join(', ')})`
      });
      return;
    }
    seen.add(tool.name);
    specs.push({
      name: tool.name,
      ...(tool.title ? { title: tool.title } : {}),
      description: tool.description,
      command: tool.command,
      // The entry's three hints, picked out of its other fields.
      hints: toolHintsSchema.parse(tool),
      ...(tool.args ? { inputs: tool.args } : {}),
      required: tool.required ?? [],
      fixedArgs: tool.fixedArgs ?? {}
    });
  });
  return { specs, errors };
}
