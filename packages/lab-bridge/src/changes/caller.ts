/**
 * Who made a call, as the change log and the journal keep agents apart (SPEC
 * §2.5): each MCP session of each server is one agent (the server names it in
 * the call), an older server's calls are all one agent's, and calls made in
 * the page through WebMCP are one more. Pure.
 */
import type { CallAgent } from '@jupyter-live-mcp/protocol';

export interface Caller {
  /** Apart for every agent of every server. */
  key: string;
  /** For the person, in the "Agent changes" panel. */
  label: string;
}

export function serverCaller(serverUrl: string, agent: CallAgent | undefined): Caller {
  // Stryker disable next-line StringLiteral: any word apart from the ids the server gives its agents (random hex) keeps the keys apart.
  const id = agent?.id ?? 'server';
  const client = agent?.client ? `${agent.client} ` : 'agent ';
  return { key: `${serverUrl}#${id}`, label: agent ? `${client}(${id.slice(0, 4)})` : `agent of ${serverUrl}` };
}

export const IN_PAGE_CALLER: Caller = { key: 'in-page', label: 'agent in this page (WebMCP)' };
