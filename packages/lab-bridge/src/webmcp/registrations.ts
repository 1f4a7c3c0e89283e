/**
 * The pure parts of publishing the catalogue on WebMCP: what a tool
 * descriptor registers (its R/C/U hints are WebMCP's own annotations), which
 * registrations a new catalogue changes, and what arguments a call brings.
 */
import { fail, toolResultContent, type ToolDescriptor, type ToolResultContent } from '@jupyter-live-mcp/protocol';
import type { WebMcpRegistration } from './model-context.js';

export function registrationOf(descriptor: ToolDescriptor): WebMcpRegistration {
  const { readOnlyHint, consequentialHint, untrustedContentHint } = descriptor.hints;
  return {
    name: descriptor.name,
    ...(descriptor.title ? { title: descriptor.title } : {}),
    description: descriptor.description,
    inputSchema: descriptor.inputSchema,
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
