/**
 * The pure parts of publishing the catalogue on WebMCP: what a tool
 * descriptor registers (its R/C/U hints are WebMCP's own annotations), which
 * registrations a new catalogue changes, what arguments a call brings, and
 * what the names the page refused mean.
 */
import { fail, listedInputSchema, toolResultContent, type ToolDescriptor, type ToolResultContent } from '@jupyter-live-mcp/protocol';
import type { WebMcpRegistration } from './model-context.js';

export function registrationOf(descriptor: ToolDescriptor): WebMcpRegistration {
  const { readOnlyHint, consequentialHint, untrustedContentHint } = descriptor.hints;
  return {
    name: descriptor.name,
    ...(descriptor.title ? { title: descriptor.title } : {}),
    description: descriptor.description,
    inputSchema: listedInputSchema(descriptor.inputSchema),
    annotations: { readOnlyHint, consequentialHint, untrustedContentHint }
  };
}

export interface SyncPlan {
  /** Names to unregister: gone from the catalogue, or changed (registered again below). */
  remove: string[];
  add: WebMcpRegistration[];
}

/**
 * What to change so that the registrations (`registered`: name → key, as
 * registrationKey gives it) show `wanted`; an unchanged tool is left alone.
 * The first of two tools with one name wins, as WebMCP refuses a duplicate.
 */
export function planSync(registered: ReadonlyMap<string, string>, wanted: readonly ToolDescriptor[]): SyncPlan {
  const next = new Map<string, WebMcpRegistration>();
  for (const descriptor of wanted) {
    if (!next.has(descriptor.name)) {
      next.set(descriptor.name, registrationOf(descriptor));
    }
  }
  const remove = [...registered].filter(([name, key]) => next.get(name) === undefined || registrationKey(next.get(name)!) !== key);
  const add = [...next.values()].filter((registration) => registered.get(registration.name) !== registrationKey(registration));
  return { remove: remove.map(([name]) => name), add };
}

/** Equal for two registrations exactly when they show the same tool. */
export function registrationKey(registration: WebMcpRegistration): string {
  return JSON.stringify(registration);
}

/** The arguments WebMCP passed: an object, or nothing (a polyfill may pass undefined). */
export function argumentsOf(input: unknown): Record<string, unknown> | undefined {
  if (input === undefined || input === null) {
    return {};
  }
  return typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : undefined;
}

/** The answer to arguments that are not an object. */
export function badArguments(tool: string, input: unknown): ToolResultContent {
  const given = Array.isArray(input) ? 'an array' : typeof input;
  return toolResultContent(fail('bad_input', `${tool}: the arguments must be a JSON object of named inputs, not ${given}.`));
}

/** A name the page refused, as get_context's catalogueErrors lists it. */
export interface RefusalError {
  source: string;
  error: string;
}

/** Chromium's refusal of a name already registered (InvalidStateError "Duplicate tool name"). */
const TAKEN = /duplicate/i;

/** The refused names (name → the page's reason) that another script registered first, sorted. */
export function takenNames(refused: ReadonlyMap<string, string>): string[] {
  return [...refused]
    .filter(([, reason]) => TAKEN.test(reason))
    .map(([name]) => name)
    .sort();
}

/** Each refused name, sorted, saying what an agent in the browser gets when it calls it. */
export function refusalErrors(refused: ReadonlyMap<string, string>): RefusalError[] {
  return [...refused]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, reason]) => ({
      source: `document.modelContext "${name}"`,
      error: TAKEN.test(reason)
        ? 'another script of the page registered this name first, so the bridge could not: an agent in the browser that ' +
          "calls it reaches that script, not the bridge (over MCP the tool is the bridge's). Remove the extension or script " +
          'that registers it; until then, do not trust that name in the browser.'
        : `the page refused to register it (${reason}): an agent in the browser does not see this tool; over MCP it works.`
    }));
}
