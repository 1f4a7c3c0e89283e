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
  return issueOf(paramsSchema, params);
}
