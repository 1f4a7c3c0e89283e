/**
 * What a command returned, in the result protocol (SPEC §3.2): wrapped as
 * `{success: true, result}`, except that a command which itself answers with a
 * boolean `success` (as jupyterlab-ai-commands does) is passed through, not
 * wrapped twice; a failure without an `error` gets one from its message fields.
 */
import { succeed, type ToolResult } from '@jupyter-live-mcp/protocol';
import { toJsonValue } from './serialise.js';

export function resultOfCommand(commandId: string, value: unknown): ToolResult {
  const json = toJsonValue(value);
  if (typeof json !== 'object' || json === null || Array.isArray(json) || typeof (json as { success?: unknown }).success !== 'boolean') {
    return json === undefined ? succeed() : succeed({ result: json });
  }
  const own = json as Record<string, unknown> & { success: boolean };
  if (own.success) {
    return { ...own, success: true };
  }
  return {
    ...own,
    success: false,
    error: typeof own.error === 'string' && own.error ? own.error : errorFromFields(commandId, own),
    code: typeof own.code === 'string' && own.code ? own.code : 'command_failed'
  };
}

function errorFromFields(commandId: string, fields: Record<string, unknown>): string {
  const parts = [fields.message, fields.errorName, fields.errorValue].filter(
    (part): part is string => typeof part === 'string' && part !== ''
  );
  return parts.length ? parts.join(': ') : `The command "${commandId}" reported a failure without saying why.`;
}
