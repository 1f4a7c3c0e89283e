/**
 * The live catalogue published on the page's `document.modelContext`
 * (SPEC §2.3c), so an agent in the browser can use the page's tools without a
 * server: each tool registered with its name, title, description, input
 * schema and hints, kept in step with the catalogue (only what changed is
 * registered again), all withdrawn while the setting `webmcp` (or `enabled`)
 * is off. A call goes through the same call pipeline as a server's and
 * answers MCP's tool-result shape. It never throws into the browser, which
 * would log a console error and give the agent no result. A name the page
 * refuses is kept with its reason until it is registered or leaves the
 * catalogue: get_context lists it under catalogueErrors, and a name another
 * script took first (an impostor an in-page agent would call instead) is shown
 * on the status item.
 */
import {
  fail,
  toolResultContent,
  type PageCallAnswer,
  type ToolDescriptor,
  type ToolResult,
  type ToolResultContent
} from '@jupyter-live-mcp/protocol';
import type { ModelContext, WebMcpRegistration } from './model-context.js';
import { argumentsOf, badArguments, planSync, refusalErrors, registrationKey, takenNames, type RefusalError } from './registrations.js';

export interface PublishedToolsHooks {
  /** Runs a call through the call pipeline, labelled as an in-page call. */
  call(tool: string, args: Record<string, unknown>): Promise<PageCallAnswer>;
  warn(message: string): void;
  /** The names another script of the page took are these now. */
  taken(names: readonly string[]): void;
}

interface Registered {
  key: string;
  controller: AbortController;
}

export class PublishedTools {
  private readonly registered = new Map<string, Registered>();
  /** Each refusal is said once, not at every catalogue change that tries again. */
  private readonly warned = new Set<string>();
  /** Names the page refused, with its reason, while the catalogue has them. */
  private readonly refused = new Map<string, string>();

  constructor(
    private readonly context: ModelContext,
    private readonly hooks: PublishedToolsHooks
  ) {}

  /** The names the page refused, as get_context's catalogueErrors list them. */
  errors(): RefusalError[] {
    return refusalErrors(this.refused);
  }

  /** Registers what `tools` has and the page does not show yet, and withdraws the rest. */
  sync(tools: readonly ToolDescriptor[]): void {
    const wanted = new Set(tools.map((tool) => tool.name));
    for (const name of this.refused.keys()) {
      if (!wanted.has(name)) this.setRefused(name, undefined);
    }
    const plan = planSync(new Map([...this.registered].map(([name, entry]) => [name, entry.key])), tools);
    for (const name of plan.remove) {
      this.registered.get(name)?.controller.abort();
      this.registered.delete(name);
    }
    for (const registration of plan.add) {
      this.register(registration);
    }
  }

  private register(registration: WebMcpRegistration): void {
    const { name } = registration;
    const entry: Registered = { key: registrationKey(registration), controller: new AbortController() };
    this.registered.set(name, entry);
    const refused = (error: unknown) => {
      if (this.registered.get(name) === entry) {
        this.registered.delete(name);
        const reason = error instanceof Error ? error.message : String(error);
        this.setRefused(name, reason);
        const message = `could not offer the tool "${name}" on document.modelContext: ${reason}`;
        if (!this.warned.has(message)) {
          this.warned.add(message);
          this.hooks.warn(message);
        }
      }
    };
    try {
      const execute = (input: unknown) => this.execute(name, input);
      Promise.resolve(this.context.registerTool({ ...registration, execute }, { signal: entry.controller.signal })).then(() => {
        if (this.registered.get(name) === entry) this.setRefused(name, undefined);
      }, refused);
    } catch (error) {
      refused(error);
    }
  }

  /** Keeps (or, undefined, forgets) a refusal, and tells when the names taken changed. */
  private setRefused(name: string, reason: string | undefined): void {
    const before = takenNames(this.refused).join();
    if (reason === undefined) this.refused.delete(name);
    else this.refused.set(name, reason);
    const after = takenNames(this.refused);
    if (after.join() !== before) this.hooks.taken(after);
  }

  private async execute(name: string, input: unknown): Promise<ToolResultContent> {
    const args = argumentsOf(input);
    if (!args) {
      return badArguments(name, input);
    }
    try {
      const { resultJson, images } = await this.hooks.call(name, args);
      return toolResultContent(JSON.parse(resultJson) as ToolResult, { images, json: resultJson });
    } catch (error) {
      return toolResultContent(
        fail('internal_error', `${name} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`)
      );
    }
  }
}
