/**
 * Bundled in place of the MCP SDK's Ajv validator (scripts/bundle.ts). The SDK's
 * Server builds one to check the answers to elicitation requests, and this server
 * sends none: Ajv and its formats would be 200 kB of code loaded at every start
 * and about 1.5 MB of resident memory for nothing. A future use fails loudly here.
 */
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

export class AjvJsonSchemaValidator implements jsonSchemaValidator {
  getValidator<T>(): JsonSchemaValidator<T> {
    throw new Error(
      'jupyter-live-mcp bundles no JSON Schema validator: it sends no elicitation requests (scripts/no-json-schema-validator.ts)'
    );
  }
}
