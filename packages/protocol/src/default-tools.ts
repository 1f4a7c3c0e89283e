/**
 * The default command-backed tools (SPEC §2.2), as data. Each runs exactly one
 * JupyterLab command. The page builds the live schema from the command's own
 * `describedBy` schema, narrowed to the inputs `properties` names, with
 * `required` raised and `fixedArgs` hidden and always passed (command-tool.ts);
 * `properties` is also the schema the MCP server lists before any page has connected. The notebook, file and kernel
 * tools run the bridge's own commands, whose schemas come from their zod inputs
 * (bridge-commands.ts); each keeps, as `aiCommands`, what it runs in the
 * jupyterlab-ai-commands mode instead. The batch tools edit_notebook and
 * run_cells (SPEC §2.3b) are the bridge mode's only (`modes`).
 */
import { commandArgsSchema } from './command-schemas.js';
import { NOTEBOOK_TOOLS } from './notebook-tools.js';
import {
  AI_COMMANDS_EXTENSION,
  string,
  W,
  type DefaultTool,
  type NotebookToolDeclaration,
  type NotebookToolsMode
} from './tool-listing.js';

/**
 * The bridge's plugin id in JupyterLab's settings registry: the page reads its
 * settings under it, and the server writes pairing settings for it (install, lite).
 */
export const BRIDGE_PLUGIN_ID = 'jupyter-live-mcp-bridge:plugin';

/** A declaration's default tool, if it lists one. */
function listed(declaration: NotebookToolDeclaration): DefaultTool[] {
  if (!declaration.tool) {
    return [];
  }
  const schema = commandArgsSchema(declaration);
  return [
    {
      ...declaration.tool,
      command: declaration.command,
      properties: schema.properties ?? {},
      required: schema.required ?? [],
      fixedArgs: {},
      declaration
    }
  ];
}

export const DEFAULT_TOOLS: readonly DefaultTool[] = [
  {
    name: 'open_document',
    title: 'Open a document',
    description:
      'Open a file in the page or bring its tab to the front (Notebook 7, JupyterLite notebooks: a new browser tab, its own page).',
    command: 'docmanager:open',
    hints: W,
    properties: {
      path: { type: 'string' },
      factory: string('Widget factory, e.g. "Editor" (a notebook as text).'),
      options: { type: 'object', description: 'E.g. {"mode": "split-right"}.' }
    },
    required: ['path'],
    fixedArgs: {},
    shortcut: 'shown-document'
  },
  ...NOTEBOOK_TOOLS.flatMap(listed)
];

/** The default tools of a notebookTools mode. */
export function defaultToolsFor(mode: NotebookToolsMode): DefaultTool[] {
  return DEFAULT_TOOLS.map((tool) => {
    if (tool.modes && !tool.modes.includes(mode)) {
      return { ...tool, unavailable: notInMode(tool.name, tool.modes, mode) };
    }
    const mapping = mode === 'bridge' ? undefined : tool.aiCommands;
    if (!mapping) {
      return tool;
    }
    const { command, description, fixedArgs, needs } = mapping;
    // That extension's command runs it, not the bridge's own.
    const { declaration: _own, ...listing } = tool;
    return { ...listing, command, description, fixedArgs, providedBy: AI_COMMANDS_EXTENSION, ...(needs ? { needs } : {}) };
  });
}

function notInMode(name: string, offeredIn: readonly NotebookToolsMode[], mode: NotebookToolsMode): string {
  const quoted = offeredIn.map((offered) => `"${offered}"`);
  // Stryker disable next-line StringLiteral: of the two modes, a tool missing from one is offered in the other alone
  const modes = quoted.join(' or ');
  return (
    `the page's notebookTools setting is "${mode}", and ${name} runs on the bridge's own notebook commands only: ` +
    `set the bridge's notebookTools setting to ${modes} for it, or do the same one cell per call (add_cell, edit_cell, delete_cell, run_cell)`
  );
}
