/**
 * Tools other JupyterLab extensions contribute (SPEC §2.3c): each is declared in
 * the contributing plugin's settings schema under EXTENSION_TOOLS_KEY and run by
 * the handler that plugin registers with the bridge's IAgentTools token. This is
 * the declaration's one definition; extension-tool-names.ts has the form of the
 * names the agent sees.
 */
import * as z from 'zod/mini';
import './zod-english.js';
import { declaredToolHintsSchema, describeIssues, inputSchemaSchema } from './wire.js';

export const extensionToolDeclarationSchema = z.strictObject({
  /** What the plugin passes to registerTool after its plugin id: `<plugin id>:<id>`. */
  id: z.string().check(z.regex(/^[a-z][a-z0-9_]{0,31}$/, 'must match ^[a-z][a-z0-9_]{0,31}$ (lower case, digits, _; at most 32)')),
  title: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  description: z.string().check(z.minLength(1, 'must say what the tool does and when to use it, for the agent'), z.maxLength(10_000)),
  inputSchema: inputSchemaSchema,
  hints: z.prefault(declaredToolHintsSchema, {}),
  /** The person confirms each call in the page, whatever the bridge's `confirm` setting says. */
  needsApproval: z.optional(z.boolean())
});

export type ExtensionToolDeclaration = z.output<typeof extensionToolDeclarationSchema>;

/** One declaration checked: the tool, or what is wrong with it, written for the catalogue's errors. */
export function checkExtensionToolDeclaration(entry: unknown): { tool: ExtensionToolDeclaration } | { error: string } {
  const parsed = extensionToolDeclarationSchema.safeParse(entry);
  return parsed.success ? { tool: parsed.data } : { error: describeIssues(parsed.error) };
}
