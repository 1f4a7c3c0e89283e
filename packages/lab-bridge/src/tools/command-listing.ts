/**
 * How list_all_commands describes and finds commands (SPEC §2.1). Pure: command
 * facts in, JSON out.
 */
import { UI_ONLY_ARGUMENTS } from '@jupyter-live-mcp/protocol';

export interface CommandFacts {
  id: string;
  label: string;
  caption: string;
  usage: string;
  enabled: boolean;
  toggleable: boolean;
  toggled: boolean;
  /** The command's `describedBy` args schema, if it declares one. */
  args: Record<string, unknown> | null;
  /** The tool that runs this command, if one does. */
  tool?: string;
}

export function matchesQuery(facts: CommandFacts, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = [facts.id, facts.label, facts.caption, facts.usage].join('\n').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** `{id, label, caption?, description?, args?, enabled, toggled?, tool?}` */
export function describeCommand(facts: CommandFacts): Record<string, unknown> {
  const out: Record<string, unknown> = { id: facts.id, label: facts.label };
  if (addsText(facts.caption, [facts.label])) {
    out.caption = facts.caption;
  }
  if (addsText(facts.usage, [facts.label, facts.caption])) {
    out.description = facts.usage;
  }
  const args = facts.args ? withoutUiArguments(facts.args) : undefined;
  if (args) {
    out.args = args;
  }
  out.enabled = facts.enabled;
  if (facts.toggleable) {
    out.toggled = facts.toggled;
  }
  if (facts.tool) {
    out.tool = facts.tool;
  }
  return out;
}

/** Text that is empty or only repeats what is already shown adds nothing. */
function addsText(text: string, shown: string[]): boolean {
  const normal = (s: string) =>
    s
      .trim()
      .replace(/[.…]+$/, '')
      .toLowerCase();
  return normal(text) !== '' && !shown.some((s) => normal(s) === normal(text));
}

/**
 * The schema without the arguments only JupyterLab's own UI passes; a schema
 * left with nothing to say is dropped.
 */
export function withoutUiArguments(schema: Record<string, unknown>): Record<string, unknown> | undefined {
  const properties = { ...((schema.properties as Record<string, unknown> | undefined) ?? {}) };
  for (const name of UI_ONLY_ARGUMENTS) {
    delete properties[name];
  }
  const required = Array.isArray(schema.required)
    ? (schema.required as string[]).filter((name) => !UI_ONLY_ARGUMENTS.includes(name))
    : undefined;
  const out: Record<string, unknown> = { ...schema, properties };
  if (required) {
    if (required.length) {
      out.required = required;
    } else {
      delete out.required;
    }
  }
  if (Object.keys(properties).length === 0 && Object.keys(out).every((key) => ['type', 'properties'].includes(key))) {
    return undefined;
  }
  return out;
}
