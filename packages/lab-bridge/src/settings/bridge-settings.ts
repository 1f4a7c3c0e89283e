/**
 * The bridge's settings, defined once: this zod schema gives their types,
 * bounds, defaults, titles and descriptions, and schema/plugin.json (what
 * JupyterLab's Settings Editor shows) is generated from it (plugin-schema.ts).
 * They are read defensively: a value of the wrong shape falls back to its
 * default with a console warning instead of stopping the bridge. Settings tools
 * are checked entry by entry later (catalogue/settings-tools.ts).
 */
import { z } from 'zod';
import { DEFAULT_SERVER_URL, NOTEBOOK_TOOLS_MODES } from '@jupyter-live-mcp/protocol';

export { BRIDGE_PLUGIN_ID as PLUGIN_ID } from '@jupyter-live-mcp/protocol';

const setting = <T extends z.ZodType>(schema: T, title: string, description: string) => schema.meta({ title, description });

export const settingsSchema = z.strictObject({
  enabled: setting(
    z.boolean().default(true),
    'Enabled',
    "Master switch: off closes every connection to agent servers and withdraws the page's tools from document.modelContext (WebMCP)."
  ),
  serverUrls: setting(
    z
      .array(z.string().regex(/^wss?:\/\//))
      .max(20)
      .default([DEFAULT_SERVER_URL]),
    'Server URLs',
    `jupyter-live-mcp servers this page connects to, each a loopback WebSocket URL such as ${DEFAULT_SERVER_URL} (the server's --port).`
  ),
  token: setting(
    z
      .string()
      .regex(/^([0-9a-f]{64})?$/)
      .default(''),
    'Pairing token',
    'The secret this page and the jupyter-live-mcp server both prove (it never crosses the wire). Run `jupyter-live-mcp token` to ' +
      'print it; `jupyter-live-mcp install` writes it here. 64 hex digits.'
  ),
  // Entries are checked one by one (catalogue/settings-tools.ts): a bad one never drops the others.
  tools: setting(
    z.array(z.unknown()).default([]),
    'Tools from commands',
    "More tools for the agent, each running one JupyterLab command. name: ^[a-z][a-z0-9_]{0,47}$ (a default tool's name replaces " +
      'that tool); args: the inputs shown (default: all the command declares); required: inputs made required; fixedArgs: hidden ' +
      'arguments always passed. Example: {"name": "rename_file", "command": "docmanager:rename", "description": "Rename the current file"}.'
  ),
  disabledTools: setting(
    z.array(z.string()).default([]),
    'Disabled tools',
    'Tools (of any kind) removed from the agent\'s catalogue, by name, e.g. ["execute_command"].'
  ),
  blockedCommands: setting(
    // These two run other commands by id, which would step around the list itself.
    z.array(z.string()).default(['apputils:run-first-enabled', 'apputils:run-all-enabled']),
    'Blocked commands',
    'Commands no tool may list or run, as glob patterns over command ids (* any characters, ? one), e.g. "terminal:*".'
  ),
  maxResultChars: setting(
    z.number().int().min(1000).max(2_000_000).default(60_000),
    'Largest result',
    'Results longer than this many characters of JSON are cut (longest strings first) and marked truncated. At most 2,000,000: an ' +
      'MCP message carries the result twice (as text and as structured content) and MCP clients read messages of at most 10 MiB.'
  ),
  pendingAfterSeconds: setting(
    z.number().min(0.1).max(300).default(25),
    'Pending after (seconds)',
    'A call still running after this many seconds answers "pending" at once and goes on; the agent collects its result with ' +
      'wait_for_result.'
  ),
  maxImageSide: setting(
    z.number().int().min(16).max(8192).default(1024),
    'Largest picture side',
    'Pictures in results (PNG, JPEG, SVG) are downscaled in the page to at most this many pixels a side and sent to the agent as ' +
      'images (a big PNG photo as JPEG when that is less than half the size). One result carries at most 20 pictures and 5 MiB of ' +
      'them; the JSON says which were not attached and why.'
  ),
  notebookTools: setting(
    z.enum(NOTEBOOK_TOOLS_MODES).default('bridge'),
    'Notebook tools',
    "Which commands run the agent's 13 notebook, file and kernel tools (read_notebook, run_cell, write_file, execute_code, ...): " +
      '"bridge", the bridge\'s own (every page, nothing else needed), or "jupyterlab-ai-commands", the commands of that ' +
      'extension when it is installed (a tool its release cannot run safely is left out and listed in get_context catalogueErrors). ' +
      'The batch tools edit_notebook and run_cells are the bridge\'s own: "bridge" only.'
  ),
  webmcp: setting(
    z.boolean().default(true),
    'In-page tools (WebMCP)',
    "Also offer the agent's tools to agents in the browser (the browser's assistant, an extension, an automation tool) on " +
      'document.modelContext, where the browser has WebMCP (Chromium with --enable-features=WebMCP). Their calls need no server ' +
      "and are treated as a server's: the same checks, confirmations, pause and blocked commands. Off withdraws them."
  ),
  confirm: setting(
    z.enum(['none', 'consequential', 'all']).default('none'),
    'Confirm calls',
    "Which of the agent's calls first wait for your click in a dialog of the bridge (the agent can neither see nor answer it): none, " +
      'consequential (run code, delete, write, restart...) or all.'
  )
});

export type BridgeSettings = z.infer<typeof settingsSchema>;

const KEYS = Object.keys(settingsSchema.shape) as (keyof BridgeSettings)[];

export function readSettings(composite: unknown, warn: (message: string) => void = () => {}): BridgeSettings {
  const raw = (typeof composite === 'object' && composite !== null ? composite : {}) as Record<string, unknown>;
  // A missing, null or wrong value becomes undefined, which the schema turns into the default.
  const given = Object.fromEntries(
    KEYS.map((key) => {
      const value = raw[key] ?? undefined;
      return [key, settingsSchema.shape[key].safeParse(value).success ? value : undefined];
    })
  );
  const settings = settingsSchema.parse(given);
  for (const key of KEYS) {
    if (raw[key] !== undefined && JSON.stringify(raw[key]) !== JSON.stringify(settings[key])) {
      // The token is a secret: its value is never written to the console.
      const given = key === 'token' ? 'a value that is not 64 hex digits' : `a value of the wrong shape (${JSON.stringify(raw[key])})`;
      warn(`setting "${key}" has ${given}; using ${key === 'token' ? 'none' : JSON.stringify(settings[key])}`);
    }
  }
  return settings;
}
