/**
 * `list_all_commands` (SPEC §2.1): search the page's commands.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import { DEFAULT_COMMAND_LIMIT, succeed } from '@jupyter-live-mcp/protocol';
import type { BridgeTool } from '../calls/bridge-tool.js';
import { defineBuiltInTool } from './built-in-tool.js';
import { describeCommand, matchesQuery, type CommandFacts } from './command-listing.js';

export interface CommandCatalogue {
  isBlocked(commandId: string): boolean;
  toolForCommand(commandId: string): string | undefined;
}

/** Blocked commands are not listed; each command names the tool that runs it. */
export function listAllCommandsTool(app: JupyterFrontEnd, catalogue: CommandCatalogue): BridgeTool {
  return defineBuiltInTool('list_all_commands', {
    async run(args) {
      const query = args.query ?? '';
      const limit = args.limit ?? DEFAULT_COMMAND_LIMIT;
      const matches = app.commands
        .listCommands()
        .filter((id) => !catalogue.isBlocked(id))
        .map((id) => commandFacts(app, id, catalogue.toolForCommand(id)))
        .filter((facts) => matchesQuery(facts, query))
        .sort((a, b) => a.id.localeCompare(b.id));
      const shown = matches.slice(0, limit);
      const commands = await Promise.all(shown.map(async (facts) => describeCommand({ ...facts, args: await describedBy(app, facts.id) })));
      return succeed({ commandCount: matches.length, commands });
    }
  });
}

/**
 * A command's facts. Label and caption functions run with empty arguments, and some
 * need arguments: they throw, or (the fileeditor font size of JupyterLab 4.0 and 4.2: "delta
 * arg must be a number") log an error and go on, and an older release's may answer undefined.
 * Any of these counts as unknown, and what it logged is kept out of the person's
 * console; the command is still listed.
 */
function commandFacts(app: JupyterFrontEnd, id: string, tool: string | undefined): CommandFacts {
  const { commands } = app;
  const read = <T>(get: () => T, fallback: T): T => {
    const logError = console.error;
    let logged = false;
    console.error = () => {
      logged = true;
    };
    try {
      const value = get();
      return logged || typeof value !== typeof fallback ? fallback : value;
    } catch {
      return fallback;
    } finally {
      console.error = logError;
    }
  };
  return {
    id,
    label: read(() => commands.label(id), ''),
    caption: read(() => commands.caption(id), ''),
    usage: read(() => commands.usage(id), ''),
    enabled: read(() => commands.isEnabled(id), false),
    toggleable: read(() => commands.isToggleable(id), false),
    toggled: read(() => commands.isToggled(id), false),
    args: null,
    ...(tool ? { tool } : {})
  };
}

async function describedBy(app: JupyterFrontEnd, id: string): Promise<Record<string, unknown> | null> {
  try {
    const description = await app.commands.describedBy(id);
    return (description.args as Record<string, unknown> | null) ?? null;
  } catch {
    return null;
  }
}
