/**
 * Why a message the SDK would refuse unclearly is refused, in one sentence
 * for the client. The SDK answers `initialize` params of the wrong shape with
 * zod's issue list as an internal error (-32603), `tools/call` params the same
 * way, and a request whose `_meta` has the wrong shape fails the JSON-RPC
 * message schema as a whole ("not JSON-RPC"). Each is invalid params (-32602)
 * here, naming the field. Pure.
 */
import { ErrorCode, InitializeRequestSchema, JSONRPCNotificationSchema, JSONRPCRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';

export interface MessageProblem {
  code: ErrorCode;
  message: string;
}

/**
 * The problem of a JSON value that is a JSON-RPC request or notification in
 * form (jsonrpc, method, maybe an id, params an object) but has params the SDK refuses, or of an
 * `initialize` with wrong params; undefined for anything else.
 */
export function paramsProblemOf(json: unknown): MessageProblem | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return undefined;
  }
  const { jsonrpc, method, id } = json as { jsonrpc?: unknown; method?: unknown; id?: unknown };
  if (jsonrpc !== '2.0' || typeof method !== 'string' || !(id === undefined || typeof id === 'string' || typeof id === 'number')) {
    return undefined;
  }
  // Params that are not an object are no JSON-RPC request at all: the transport's invalid request says so.
  const { params } = json as { params?: unknown };
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
    return undefined;
  }
  const problem =
    issueOf(id === undefined ? JSONRPCNotificationSchema : JSONRPCRequestSchema, json) ??
    (method === 'initialize' ? issueOf(InitializeRequestSchema, json) : undefined);
  return problem ? { code: ErrorCode.InvalidParams, message: `Invalid ${method} params: ${problem}.` } : undefined;
}

/**
 * The problem of an HTTP POST's body (one message or a batch): that of its
 * first message with one, and that message's id to answer it with.
 */
export function bodyProblemOf(json: unknown): (MessageProblem & { id: string | number | null }) | undefined {
  for (const message of Array.isArray(json) ? json : [json]) {
    const problem = paramsProblemOf(message);
    if (problem) {
      const { id } = message as { id?: string | number };
      return { ...problem, id: id ?? null };
    }
  }
  return undefined;
}

/** The first issue of a value against a schema, said for a person, or undefined. */
export function issueOf(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) {
    return undefined;
  }
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length ? `"${issue.path.join('.')}"` : 'params';
  const expected = expectedOf(issue);
  return expected ? `${where} must be ${expected}, not ${kindOf(valueAt(value, issue.path))}` : `${where}: ${issue.message}`;
}

/** What a type issue expected, e.g. "a string or a number" for a union of plain types. */
function expectedOf(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code === 'invalid_type') {
    return EXPECTED[issue.expected] ?? issue.expected;
  }
  // Only branches that refuse the value itself: a branch refusing a field inside it is no plain type to name.
  const plain = (branch: z.core.$ZodIssue[]) => branch.length === 1 && branch[0]!.code === 'invalid_type' && branch[0]!.path.length === 0;
  if (issue.code === 'invalid_union' && issue.errors.every(plain)) {
    return issue.errors.map((branch) => expectedOf(branch[0]!)).join(' or ');
  }
  return undefined;
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
