/**
 * The tools/list request as the server reads it: the SDK's own schema, except
 * that a cursor, which the SDK would refuse with a zod dump as an internal
 * error (-32603) when it is not a string, is answered as MCP says, invalid
 * params (-32602), in one sentence. tools/list gives every tool in one answer,
 * with no nextCursor, so no cursor is one this server gave. As in
 * call-request.ts, the check sits in the handler's schema.
 */
import { ErrorCode, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { RequestError } from './request-error.js';

export const UNKNOWN_CURSOR =
  'Invalid tools/list params: "params.cursor" is not a cursor this server gave (it lists every tool in one answer, with no ' +
  'nextCursor). Call tools/list without a cursor.';

export const listToolsRequestSchema = ListToolsRequestSchema.extend({
  params: z.preprocess((params) => {
    if (typeof params === 'object' && params !== null && (params as { cursor?: unknown }).cursor !== undefined) {
      throw new RequestError(ErrorCode.InvalidParams, UNKNOWN_CURSOR);
    }
    return params;
  }, ListToolsRequestSchema.shape.params)
});
