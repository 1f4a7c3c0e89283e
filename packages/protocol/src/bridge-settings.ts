/**
 * The bridge's settings, defined once: this zod schema gives their types,
 * bounds and defaults, BRIDGE_SETTING_TEXTS their titles and descriptions. The
 * bridge reads them from JupyterLab (lab-bridge's settings/bridge-settings.ts)
 * and generates schema/plugin.json, what JupyterLab's Settings Editor shows,
 * from both (describedBridgeSettings); the
 * server reads and writes the same settings file (install writes the token and
 * serverUrls, doctor checks them) through bridge-settings-file.ts.
 */
import * as z from 'zod/mini';
import './zod-english.js';
import { NOTEBOOK_TOOLS_MODES } from './tool-listing.js';
import { TOKEN_OR_NONE_PATTERN } from './pairing.js';
import { DEFAULT_SERVER_URL } from './wire.js';

export const bridgeSettingsSchema = z.strictObject({
  enabled: z._default(z.boolean(), true),
  serverUrls: z._default(z.array(z.string().check(z.regex(/^wss?:\/\//, 'not a ws:// or wss:// URL'))).check(z.maxLength(20)), [
    DEFAULT_SERVER_URL
  ]),
  // Never the value in the message: it is a secret.
  token: z._default(z.string().check(z.regex(TOKEN_OR_NONE_PATTERN, 'not a token (64 hex digits)')), ''),
  // Entries are checked one by one (catalogue/settings-tools.ts): a bad one never drops the others.
  tools: z._default(z.array(z.unknown()), []),
  disabledTools: z._default(z.array(z.string()), []),
  // These two run other commands by id, which would step around the list itself.
  blockedCommands: z._default(z.array(z.string()), ['apputils:run-first-enabled', 'apputils:run-all-enabled']),
  maxResultChars: z._default(z.int().check(z.gte(1000), z.lte(2_000_000)), 60_000),
  pendingAfterSeconds: z._default(z.number().check(z.gte(0.1), z.lte(300)), 25),
  maxImageSide: z._default(z.int().check(z.gte(16), z.lte(8192)), 1024),
  notebookTools: z._default(z.enum(NOTEBOOK_TOOLS_MODES), 'bridge'),
  webmcp: z._default(z.boolean(), true),
  trackChanges: z._default(z.boolean(), true),
  confirm: z._default(z.enum(['none', 'consequential', 'all']), 'none')
});

export type BridgeSettings = z.infer<typeof bridgeSettingsSchema>;

/**
 * Each setting's title and description, as JupyterLab's Settings Editor
 * (schema/plugin.json) and docs/ show them: beside the schema rather than in
 * it, so that the page, which only reads the settings, does not carry them.
 */
export const BRIDGE_SETTING_TEXTS = {
  enabled: {
    title: 'Enabled',
    description:
      "Master switch: off closes every connection to agent servers and withdraws the page's tools from document.modelContext (WebMCP)."
  },
  serverUrls: {
    title: 'Server URLs',
    description: `jupyter-live-mcp servers this page connects to, each a loopback WebSocket URL such as ${DEFAULT_SERVER_URL} (the server's --port).`
  },
  token: {
    title: 'Pairing token',
    description:
      'The secret this page and the jupyter-live-mcp server both prove (it never crosses the wire). Run `jupyter-live-mcp token` to ' +
      'print it; `jupyter-live-mcp install` writes it here. 64 hex digits.'
  },
  tools: {
    title: 'Tools from commands',
    description:
      "More tools for the agent, each running one JupyterLab command. name: ^[a-z][a-z0-9_]{0,47}$ (a default tool's name replaces " +
      'that tool); args: the inputs shown (default: all the command declares); required: inputs made required; fixedArgs: hidden ' +
      'arguments always passed. Example: {"name": "rename_file", "command": "docmanager:rename", "description": "Rename the current file"}.'
  },
  disabledTools: {
    title: 'Disabled tools',
    description: 'Tools (of any kind) removed from the agent\'s catalogue, by name, e.g. ["execute_command"].'
  },
  blockedCommands: {
    title: 'Blocked commands',
    description: 'Commands no tool may list or run, as glob patterns over command ids (* any characters, ? one), e.g. "terminal:*".'
  },
  maxResultChars: {
    title: 'Largest result',
    description:
      'Results longer than this many characters of JSON are cut (longest strings first) and marked truncated. At most 2,000,000: an ' +
      'MCP message carries the result twice (as text and as structured content) and MCP clients read messages of at most 10 MiB.'
  },
  pendingAfterSeconds: {
    title: 'Pending after (seconds)',
    description:
      'A call still running after this many seconds answers "pending" at once and goes on; the agent collects its result with ' +
      'wait_for_result.'
  },
  maxImageSide: {
    title: 'Largest picture side',
    description:
      'Pictures in results (PNG, JPEG, SVG) are downscaled in the page to at most this many pixels a side and sent to the agent as ' +
      'images (a big PNG photo as JPEG when that is less than half the size). One result carries at most 20 pictures and 5 MiB of ' +
      'them; the JSON says which were not attached and why.'
  },
  notebookTools: {
    title: 'Notebook tools',
    description:
      "Which commands run the agent's 13 notebook, file and kernel tools (read_notebook, run_cell, write_file, execute_code, ...): " +
      '"bridge", the bridge\'s own (every page, nothing else needed), or "jupyterlab-ai-commands", the commands of that ' +
      'extension when it is installed (a tool its release cannot run safely is left out and listed in get_context catalogueErrors). ' +
      'The batch tools edit_notebook and run_cells are the bridge\'s own: "bridge" only.'
  },
  webmcp: {
    title: 'In-page tools (WebMCP)',
    description:
      "Also offer the agent's tools to agents in the browser (the browser's assistant, an extension, an automation tool) on " +
      'document.modelContext, where the browser has WebMCP (Chromium with --enable-features=WebMCP). Their calls need no server ' +
      "and are treated as a server's: the same checks, confirmations, pause and blocked commands. Off withdraws them."
  },
  trackChanges: {
    title: 'Tell the agent what changed',
    description:
      'Keep, for each agent, what you (and other agents) changed in each notebook since its previous call there, tell it in its ' +
      'next notebook result, and refuse its edits of cells changed since it read them or that you are typing in (code conflict). Off: ' +
      'results say nothing of it and edits are never refused so.'
  },
  confirm: {
    title: 'Confirm calls',
    description:
      "Which of the agent's calls first wait for your click in a dialog of the bridge (the agent can neither see nor answer it): none, " +
      'consequential (run code, delete, write, restart...) or all.'
  }
} satisfies Record<keyof BridgeSettings, { title: string; description: string }>;

/** The settings schema with each setting's title and description, for the JSON Schemas made from it. */
export function describedBridgeSettings(): z.ZodMiniObject {
  const { shape } = bridgeSettingsSchema;
  return z.strictObject(
    Object.fromEntries(
      Object.entries(shape).map(([key, schema]) => [key, schema.check(z.meta(BRIDGE_SETTING_TEXTS[key as keyof BridgeSettings]))])
    )
  );
}
