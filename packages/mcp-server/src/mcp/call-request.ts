/**
 * The tools/call request as the server reads it: the SDK's own schema, except
 * that params it would refuse with a zod dump as an internal error (-32603)
 * are answered as JSON-RPC says, invalid params (-32602), in one sentence.
 * The SDK parses a request with the handler's schema before anything else, so
 * the check sits in that schema and throws the error it answers with.
 */
import { CallToolRequestSchema, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { issueOf } from '../transport/message-problems.js';
import { RequestError } from './request-error.js';

const paramsSchema = CallToolRequestSchema.shape.params;

export const callToolRequestSchema = CallToolRequestSchema.extend({
  params: z.preprocess((params) => {
    const problem = callParamsProblem(params);
    if (problem) {
      throw new RequestError(ErrorCode.InvalidParams, `Invalid tools/call params: ${problem}.`);
    }
    return params;
  }, paramsSchema)
});

/**
 * What is wrong with tools/call params, said for a person, or undefined. An
 * argument named `__proto__` is refused here: zod's record would set the
 * object's prototype with it, so the tool would never see it.
 */
export function callParamsProblem(params: unknown): string | undefined {
  const args = typeof params === 'object' && params !== null ? (params as { arguments?: unknown }).arguments : undefined;
  if (typeof args === 'object' && args !== null && Object.hasOwn(args, '__proto__')) {
    return 'no tool has an argument named "__proto__"';
  }
  // The params of almost every call: the schema, which parses them next anyway, would find nothing to say.
  return plainCallParams(params) ? undefined : issueOf(paramsSchema, params);
}

/**
 * A name, arguments as an object or none, a progress token or none, and nothing else: params the SDK's schema
 * accepts as they are.
 */
function plainCallParams(params: unknown): boolean {
  if (!isObject(params)) {
    return false;
  }
  const { name, arguments: args, _meta: meta, ...rest } = params as { name?: unknown; arguments?: unknown; _meta?: unknown };
  return (
    typeof name === 'string' &&
    (args === undefined || isObject(args)) &&
    (meta === undefined || onlyProgressToken(meta)) &&
    Object.keys(rest).length === 0
  );
}

function onlyProgressToken(meta: unknown): boolean {
  if (!isObject(meta)) {
    return false;
  }
  const { progressToken: token, ...rest } = meta as { progressToken?: unknown };
  return (typeof token === 'string' || Number.isSafeInteger(token)) && Object.keys(rest).length === 0;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value);
