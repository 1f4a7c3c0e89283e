/**
 * The tools/call request as the server reads it: the SDK's own schema, except
 * that params it would refuse with a zod dump as an internal error (-32603)
 * are answered as JSON-RPC says, invalid params (-32602), in one sentence.
 * The SDK parses a request with the handler's schema before anything else, so
 * the check sits in that schema and throws the error it answers with.
 */
import { CallToolRequestSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const paramsSchema = CallToolRequestSchema.shape.params;

export const callToolRequestSchema = CallToolRequestSchema.extend({
  params: z.preprocess((params) => {
    const problem = callParamsProblem(params);
    if (problem) {
      throw new McpError(ErrorCode.InvalidParams, `Invalid tools/call params: ${problem}.`);
    }
    return params;
  }, paramsSchema)
});

/** What is wrong with tools/call params, said for a person, or undefined. Pure. */
export function callParamsProblem(params: unknown): string | undefined {
  const parsed = paramsSchema.safeParse(params);
  if (parsed.success) {
    return undefined;
  }
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length ? `"${issue.path.join('.')}"` : 'params';
  if (issue.code !== 'invalid_type') {
    return `${where}: ${issue.message}`;
  }
  const expected = EXPECTED[issue.expected] ?? issue.expected;
  return `${where} must be ${expected}, not ${kindOf(valueAt(params, issue.path))}`;
}

const EXPECTED: Readonly<Record<string, string>> = {
  record: "an object of the tool's arguments by name",
  object: 'an object',
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean'
};

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    at = typeof at === 'object' && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return at;
}

function kindOf(value: unknown): string {
  if (value === null || value === undefined) {
    return String(value);
  }
  if (Array.isArray(value)) {
    return 'an array';
  }
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
