/**
 * A JSON-RPC error for a handler to throw. The SDK answers a thrown error with
 * its `code` and `message`; the SDK's own McpError already puts "MCP error
 * <code>: " into its message, and the client's McpError adds it again, so the
 * person would read the code twice. This one carries just the sentence.
 */
import type { ErrorCode } from '@modelcontextprotocol/sdk/types.js';

export class RequestError extends Error {
  constructor(
    /** One of the SDK's codes, or another the MCP spec names (-32002: resource not found). */
    readonly code: ErrorCode | number,
    message: string
  ) {
    super(message);
    this.name = 'RequestError';
  }
}
