/**
 * What the agent and the person are told about joining (docs/troubleshooting.md
 * quotes each): why a server reaches no page at all, and what became of a call
 * that was running on a hub that went.
 */
import { urlHost } from '../net/url-host.js';
import type { Blocked } from './join-state.js';

/** The reason and the fix, answered to every call of a blocked server. */
export function blockedReason(blocked: Blocked, host: string, port: number, holder: string): string {
  const where = `port ${port} on ${host}`;
  const ownPort =
    `or give this server --port <another port> in the MCP client's configuration and add ws://${urlHost(host, '<that port>')} ` +
    `to the bridge's "serverUrls" setting (it takes several)`;
  const retry = 'This server tries the port again every few seconds: once it is free or joinable, calls work without a restart.';
  switch (blocked.kind) {
    case 'other-token':
      return (
        `This server cannot reach any page: ${where} is held by ${holder}, a jupyter-live-mcp server with another pairing token ` +
        '(another user, or another config folder: JUPYTER_LIVE_MCP_CONFIG_DIR), so this one cannot join it. Give both servers ' +
        `the same config folder, ${ownPort}. ${retry}`
      );
    case 'not-joinable':
      return (
        `This server cannot reach any page: ${where} is held by ${holder}, which is not a jupyter-live-mcp server this one can ` +
        `join (${blocked.reason}). Stop that program (if it is an older jupyter-live-mcp, update it), ${ownPort}. ${retry}`
      );
    case 'cannot-listen':
      return `This server cannot reach any page: it cannot listen on ${where}: ${blocked.message}. Fix the --host or --port flag in the MCP client's configuration. ${retry}`;
  }
}

/** A tools/call that was running on a hub that went before answering. */
export function lostCallReason(tool: string): string {
  return (
    `The server that held the pages for this agent stopped while "${tool}" was running, and this server took its place. ` +
    'The call may or may not have finished: call get_context to see the state before you retry.'
  );
}
