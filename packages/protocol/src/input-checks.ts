/**
 * Input checks (SPEC §3.1). Browsers do not check arguments against a schema and
 * JupyterLab commands ignore arguments they do not know, so every tool call is
 * checked here before anything runs. Errors name the tool and the argument and say
 * what would be right.
 */
import type * as z from 'zod/mini';
import type { InputSchema } from './wire.js';

/** Arguments JupyterLab adds when a command runs from a toolbar, palette, menu… */
export const UI_ONLY_ARGUMENTS: readonly string[] = ['toolbar', 'isPalette', 'isLauncher', 'isContextMenu', '_luminoEvent'];

export type InputCheck = { ok: true; args: Record<string, unknown> } | { ok: false; error: string };

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'] as const;
type JsonType = (typeof JSON_TYPES)[number];

/**
 * Checks `args` of a call to `tool` against `schema` and returns the arguments to
 * pass on: UI-only arguments and `null` optional arguments dropped.
 */
export function checkInput(tool: string, schema: InputSchema | undefined, args: unknown): InputCheck {
  if (args === undefined || args === null) {
    args = {};
  }
  if (jsonTypeOf(args) !== 'object') {
    return { ok: false, error: `${tool}: arguments must be a JSON object, not ${describeType(args)}.` };
  }
  const properties = schema?.properties ?? {};
  const accepted = Object.keys(properties);
  const required = new Set(schema?.required ?? []);
  // No prototype: an argument named "__proto__" stays a plain key instead of replacing it.
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;

  for (const [name, value] of Object.entries(args as Record<string, unknown>)) {
    if (UI_ONLY_ARGUMENTS.includes(name)) {
      continue;
    }
    // Own keys only: "toString" or "constructor" are in every object, not in the schema.
    if (!Object.hasOwn(properties, name) && declaresArguments(schema)) {
      return {
        ok: false,
        error:
          `${tool}: unknown argument "${name}". ` +
          (accepted.length ? `Accepted arguments: ${accepted.join(', ')}.` : 'This tool takes no arguments.')
      };
    }
    if (value === null && !required.has(name)) {
      continue;
    }
    out[name] = value;
  }

  for (const name of required) {
    const value = out[name];
    if (value === undefined || value === null || (isBlank(value) && blankMeansMissing(name))) {
      return {
        ok: false,
        error:
          `${tool}: missing required argument "${name}"` +
          (value === undefined || value === null ? '' : ' (it is blank)') +
          describeProperty(properties[name]) +
          `. Accepted arguments: ${accepted.join(', ')}.`
      };
    }
  }

  for (const [name, value] of Object.entries(out)) {
    const expected = expectedTypes(properties[name]);
    if (expected.length && !expected.some((type) => matchesType(value, type))) {
      return {
        ok: false,
        error: `${tool}: argument "${name}" must be ${expected.map(article).join(' or ')}, not ${describeType(value)}.`
      };
    }
  }
  return { ok: true, args: out };
}

/**
 * A schema declares its arguments when it lists at least one, or says no others
 * are allowed. A command that declares none gets unknown arguments unchanged.
 */
function declaresArguments(schema: InputSchema | undefined): boolean {
  if (!schema) {
    return false;
  }
  return Object.keys(schema.properties ?? {}).length > 0 || schema.additionalProperties === false;
}

/** An empty id, name or path makes commands fall back to the active document. */
function blankMeansMissing(name: string): boolean {
  return /(^id$|Id$|ID$|_id$|name$|Name$|path$|Path$)/.test(name);
}

function isBlank(value: unknown): boolean {
  return typeof value === 'string' && value.trim() === '';
}

function expectedTypes(property: unknown): JsonType[] {
  if (typeof property !== 'object' || property === null) {
    return [];
  }
  const type = (property as { type?: unknown }).type;
  const types = Array.isArray(type) ? type : [type];
  return types.filter((t): t is JsonType => JSON_TYPES.includes(t as JsonType));
}

function matchesType(value: unknown, type: JsonType): boolean {
  return type === 'integer' ? Number.isInteger(value) : jsonTypeOf(value) === type;
}

function jsonTypeOf(value: unknown): JsonType | 'undefined' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'string' || type === 'boolean' || type === 'object') return type;
  if (type === 'number' || type === 'bigint') return 'number';
  return 'undefined';
}

function describeType(value: unknown): string {
  const type = jsonTypeOf(value);
  if (type === 'number' && !Number.isInteger(value)) {
    return `a number (${String(value)})`;
  }
  if (type === 'string') {
    const text = value as string;
    return `a string (${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)})`;
  }
  return type === 'null' || type === 'undefined' ? type : article(type);
}

function describeProperty(property: unknown): string {
  const description = (property as { description?: unknown } | undefined)?.description;
  return typeof description === 'string' && description ? ` — ${description.replace(/\.$/, '')}` : '';
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

export type ParsedInput<T> = { ok: true; args: T } | { ok: false; error: string };

/**
 * Parses arguments with a tool's zod input, for the limits a JSON type check
 * does not see (a minimum, an enum, a check of the arguments together).
 */
export function parseInput<T extends z.ZodMiniObject>(tool: string, input: T, args: Record<string, unknown>): ParsedInput<z.infer<T>> {
  const parsed = input.safeParse(args);
  return parsed.success
    ? { ok: true, args: parsed.data }
    : { ok: false, error: describeIssue(tool, Object.keys(input.shape), args, parsed.error) };
}

/** The first thing wrong with the arguments, said as the input checks above say it; a field inside one as edits[2].cellId. */
export function describeIssue(tool: string, accepted: readonly string[], args: Record<string, unknown>, error: z.core.$ZodError): string {
  const issue = error.issues[0]!;
  const acceptedList = `Accepted arguments: ${accepted.join(', ')}.`;
  const dotted = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
  // Stryker disable next-line Regex: an issue's path starts at an argument's name, so its first dot is the leading one.
  const name = dotted.replace(/^\./, '');
  if (issue.code === 'unrecognized_keys') {
    return name
      ? `${tool}: argument "${name}" has an unknown field "${issue.keys[0]}" (the tool's input schema lists the fields it takes).`
      : `${tool}: unknown argument "${issue.keys[0]}". ${acceptedList}`;
  }
  if (!name) {
    return `${tool}: ${issue.message}.`;
  }
  if (issue.code === 'invalid_type' && valueAt(args, issue.path) === undefined) {
    return issue.path.length === 1 ? `${tool}: missing required argument "${name}". ${acceptedList}` : `${tool}: "${name}" is missing.`;
  }
  return `${tool}: argument "${name}": ${issue.message}.`;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    // Stryker disable next-line ConditionalExpression,LogicalOperator: zod's issue path runs through objects only; the guard is for any other path.
    (at, part) => (at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[part] : undefined),
    value
  );
}
