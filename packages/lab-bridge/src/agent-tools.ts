/**
 * The token other JupyterLab extensions use to give the agent tools (SPEC
 * §2.3c; docs/extension-tools.md). Only types and the Token: importing it from
 * `jupyter-live-mcp-bridge` (shared as a singleton, not bundled) pulls nothing
 * else into the importing extension.
 */
import { Token } from '@lumino/coreutils';
import type { IDisposable } from '@lumino/disposable';

/**
 * Runs one call of a declared tool. `input` is the agent's arguments, checked
 * against the declared inputSchema; the value returned (or resolved) is the
 * result and must be plain JSON. A thrown error answers the agent with its message.
 */
export type AgentToolHandler = (input: Record<string, unknown>) => unknown;

export interface IAgentTools {
  /**
   * Registers the handler of a tool declared under `"jupyter-live-mcp:tools"`
   * in the plugin's settings schema. `id` is `<plugin id>:<tool id>`, e.g.
   * `@my-org/weather-ext:plugin:get_weather`. A handler for an undeclared id
   * is never called. Dispose the registration in the plugin's `deactivate`.
   */
  registerTool(id: string, handler: AgentToolHandler): IDisposable;
}

export const IAgentTools = new Token<IAgentTools>(
  'jupyter-live-mcp:IAgentTools',
  'Gives the AI agent tools declared in your plugin settings schema, run by handlers you register.'
);
