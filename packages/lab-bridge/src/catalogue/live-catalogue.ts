/**
 * The page's live tool catalogue: rebuilt when commands come and go
 * (`commandChanged`), when settings change and when other extensions' tools
 * or handlers do; listeners hear of every change that alters what the agent sees.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import {
  checkExtensionToolDeclaration,
  defaultToolsFor,
  JUPYTERLITE_APP_NAME,
  MAX_UNAVAILABLE_TOOLS,
  type BridgeSettings,
  type Catalogue,
  type DefaultToolShortcut,
  type NotebookToolDeclaration,
  type ToolDescriptor,
  type UnavailableTool
} from '@jupyter-live-mcp/protocol';
import { runCommand, type CommandShortcut } from '../jupyterlab/run-command.js';
import type { BridgeTool, ToolRun } from '../calls/bridge-tool.js';
import { withWholeCellIds, workTarget } from '../calls/work-target.js';
import { log } from '../log.js';
import { buildCatalogue, shortcutsByCommand } from './build-catalogue.js';
import { compilePatterns } from './command-patterns.js';
import type { ExtensionTool, ExtensionToolSource } from './extension-tools.js';
import { parseSettingsTools, type CatalogueError } from './settings-tools.js';

/** Extensions register commands in bursts; one rebuild per burst is enough. */
const REBUILD_DEBOUNCE_MS = 100;

/** The bridge's own notebook tools (notebook/notebook-tools.ts), which a page without notebooks' APIs lacks. */
export interface OwnTools {
  /** The run of the tool so declared, called without its command. */
  runOf(declaration: NotebookToolDeclaration): ToolRun | undefined;
  /** Why the page has none of them (catalogue/optional-parts.ts), if so. */
  whyOff(): string | undefined;
  /** The ids of the cells of the notebook at a path, while the page holds it. */
  cellIdsAt(notebookPath: string): readonly string[] | undefined;
}

export class LiveCatalogue {
  tools: ReadonlyMap<string, BridgeTool> = new Map();
  errors: readonly CatalogueError[] = [];
  /** Default tools this page does not offer, and why. */
  unavailable: readonly UnavailableTool[] = [];
  isBlocked: (commandId: string) => boolean = () => false;

  private settings: BridgeSettings | undefined;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sent = '';
  private warned = '';
  private rebuilding: Promise<void> = Promise.resolve();
  private readonly builtIns: readonly BridgeTool[];
  private readonly shortcuts: ReadonlyMap<string, CommandShortcut>;

  constructor(
    private readonly app: JupyterFrontEnd,
    /** Makes the built-in tools, which read the catalogue (errors, blocked commands). */
    makeBuiltIns: (catalogue: LiveCatalogue) => BridgeTool[],
    /** Default tools' page-side short cuts, by the kind their definitions name. */
    shortcuts: Readonly<Record<DefaultToolShortcut, CommandShortcut>>,
    /** Tools other extensions declare, and their handlers. */
    private readonly extensions: ExtensionToolSource,
    private readonly ownTools: OwnTools
  ) {
    this.shortcuts = shortcutsByCommand(shortcuts);
    this.builtIns = makeBuiltIns(this);
    extensions.onChange(() => this.scheduleRebuild());
    app.commands.commandChanged.connect((_, change) => {
      if (change.type === 'added' || change.type === 'removed') {
        this.scheduleRebuild();
      }
    });
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  descriptors(): ToolDescriptor[] {
    return [...this.tools.values()].map((tool) => tool.descriptor);
  }

  /** What the page sends the servers: its tools, and why the default tools it lacks are missing. */
  message(): Omit<Catalogue, 'type'> {
    const unavailable = this.unavailable.slice(0, MAX_UNAVAILABLE_TOOLS);
    return { tools: this.descriptors(), ...(unavailable.length ? { unavailable } : {}) };
  }

  /** The tool that runs a command, if one does (for list_all_commands). */
  toolForCommand(commandId: string): string | undefined {
    for (const tool of this.tools.values()) {
      if (tool.descriptor.command === commandId) {
        return tool.descriptor.name;
      }
    }
    return undefined;
  }

  /** What the page does instead of running this command, if anything (any tool that runs it). */
  shortcutFor(commandId: string): CommandShortcut | undefined {
    return this.shortcuts.get(commandId);
  }

  /** Applies new settings and rebuilds at once. */
  applySettings(settings: BridgeSettings): Promise<void> {
    this.settings = settings;
    this.isBlocked = compilePatterns(settings.blockedCommands);
    return this.rebuild();
  }

  private scheduleRebuild(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.rebuild(), REBUILD_DEBOUNCE_MS);
  }

  private rebuild(): Promise<void> {
    // One rebuild at a time, so an older one never overwrites a newer one.
    this.rebuilding = this.rebuilding
      .then(() => this.build())
      .catch((error: Error) => {
        log.warn(
          `could not rebuild the tool catalogue: ${error.message}; the previous catalogue stays in use, and reloading the page rebuilds it`
        );
      });
    return this.rebuilding;
  }

  private async build(): Promise<void> {
    const settings = this.settings;
    if (!settings) {
      return;
    }
    const { commands } = this.app;
    const parsed = parseSettingsTools(settings.tools);
    const extensionTools = await extensionToolsOf(this.extensions);
    const defaultTools = defaultToolsFor(settings.notebookTools);
    const commandIds = [...new Set([...defaultTools.map((t) => t.command), ...parsed.specs.map((s) => s.command)])].filter((id) =>
      commands.hasCommand(id)
    );
    const allCommands = commands.listCommands();
    const schemas = new Map(
      await Promise.all(
        commandIds.map(
          async (id) =>
            [
              id,
              await commands.describedBy(id).then(
                (d) => d.args,
                () => null
              )
            ] as const
        )
      )
    );
    const catalogue = buildCatalogue({
      builtInNames: this.builtIns.map((tool) => tool.descriptor.name),
      defaultTools,
      settingsTools: parsed.specs,
      extensionTools: extensionTools.specs,
      disabledTools: settings.disabledTools,
      hasCommand: (id) => commands.hasCommand(id),
      hasCommandWithPrefix: (prefix) => allCommands.some((id) => id.startsWith(prefix)),
      isBlocked: this.isBlocked,
      schemaOf: (id) => schemas.get(id) ?? null,
      jupyterLite: this.app.name === JUPYTERLITE_APP_NAME,
      ownToolsOff: this.ownTools.whyOff()
    });
    const tools = new Map<string, BridgeTool>();
    for (const tool of this.builtIns) {
      if (catalogue.builtIns.includes(tool.descriptor.name)) {
        tools.set(tool.descriptor.name, tool);
      }
    }
    for (const { descriptor, tool } of catalogue.commandTools) {
      const { command, fixedArgs, worksOn, declaration } = tool;
      const own = declaration && this.ownTools.runOf(declaration);
      tools.set(descriptor.name, {
        descriptor,
        commandOf: () => command,
        ...(worksOn ? { workOf: (args: Record<string, unknown>) => workTarget(worksOn, args) } : {}),
        ...(declaration?.changesCells ? { changesCells: true } : {}),
        run: (args, call) => {
          // Another extension's command takes whole ids; the agent may give them as the bridge shows them.
          const passed = { ...(own ? args : withWholeCellIds(worksOn, args, (path) => this.ownTools.cellIdsAt(path))), ...fixedArgs };
          const runOwn = own && (() => own(passed, call));
          return runCommand(this.app, this.isBlocked, descriptor.name, command, passed, this.shortcutFor(command), runOwn);
        }
      });
    }
    for (const spec of catalogue.extensionTools) {
      tools.set(spec.descriptor.name, {
        descriptor: spec.descriptor,
        needsApproval: spec.needsApproval,
        run: (args) => this.extensions.run(spec, args)
      });
    }
    this.tools = tools;
    this.unavailable = catalogue.unavailable;
    this.errors = [...parsed.errors, ...extensionTools.errors, ...catalogue.errors];
    const errors = JSON.stringify(this.errors);
    if (errors !== this.warned) {
      this.warned = errors;
      for (const error of this.errors) {
        log.warn(`skipped a tool: ${error.source}: ${error.error}`);
      }
    }
    const shown = JSON.stringify(this.message());
    if (shown !== this.sent) {
      this.sent = shown;
      for (const listener of this.listeners) {
        listener();
      }
    }
  }
}

/**
 * The tools other extensions declare, checked. Their checks (extension-tools.ts)
 * are a chunk of their own, loaded only once a plugin declares a tool or
 * registers a handler.
 */
async function extensionToolsOf(source: ExtensionToolSource): Promise<{ specs: ExtensionTool[]; errors: CatalogueError[] }> {
  const declarations = source.declarations();
  const registered = source.registered();
  if (declarations.length === 0 && registered.size === 0) {
    return { specs: [], errors: [] };
  }
  const { parseExtensionTools } = await import('./extension-tools.js');
  return parseExtensionTools(declarations, registered, checkExtensionToolDeclaration);
}
