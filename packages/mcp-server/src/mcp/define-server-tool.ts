/**
 * A server tool from its zod input: the schema it lists and the arguments its
 * run gets both come from it, checked as a page checks a call of its tools
 * (SPEC §3.1): JSON types first, then the zod input's own limits.
 */
import { checkInput, fail, parseInput, plainJsonSchema, type ToolDescriptor, type ToolResult } from '@jupyter-live-mcp/protocol';
import type { z } from 'zod';
import type { ServerTool, ServerToolContext } from './server-tools.js';

export function defineServerTool<T extends z.ZodObject>(
  descriptor: Omit<ToolDescriptor, 'inputSchema'>,
  input: T,
  run: (args: z.infer<T>, context: ServerToolContext) => ToolResult
): ServerTool {
  const inputSchema = plainJsonSchema(input);
  return {
    descriptor: { ...descriptor, inputSchema },
    run(args, context) {
      const checked = checkInput(descriptor.name, inputSchema, args);
      if (!checked.ok) {
        return fail('bad_input', checked.error);
      }
      const parsed = parseInput(descriptor.name, input, checked.args);
      return parsed.ok ? run(parsed.args, context) : fail('bad_input', parsed.error);
    }
  };
}
