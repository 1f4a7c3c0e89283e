/**
 * The status bar text: where the page is connected, how many calls (and of
 * them in-page, WebMCP calls), the last tool, and whether the person paused
 * or disconnected the agent; while calls work on notebooks, the latest of
 * them instead; and always, names another script took from the bridge on
 * WebMCP (an agent in the browser calling them reaches that script). Pure.
 */

/** A call working on a notebook, while it runs. */
export interface WorkingCall {
  tool: string;
  notebookPath: string;
}

export interface BridgeStatus {
  connectedUrls(): string[];
  calls: number;
  /** Of `calls`, those an agent in the browser made through WebMCP. */
  inPageCalls: number;
  lastTool?: string;
  /** Calls working on notebooks now, oldest first. */
  working?: readonly WorkingCall[];
  readonly paused: boolean;
  readonly disconnected: boolean;
  /** The browser keeps the page from the agent's server (Local Network Access). */
  readonly blockedByBrowser?: boolean;
  /** Tool names another script of the page registered on WebMCP before the bridge could. */
  readonly takenNames?: readonly string[];
}

const TITLE = "Agent bridge (jupyter-live-mcp): click to see the agent's changes, pause agent control or disconnect";

export function statusText(status: BridgeStatus): string {
  const taken = status.takenNames?.length ?? 0;
  return `${connectionText(status)}${taken ? ` · ${taken} in-page tool name${taken === 1 ? '' : 's'} taken` : ''}`;
}

/** The item's tooltip: what a click does, and which names were taken and what that means. */
export function statusTitle(status: BridgeStatus): string {
  const taken = status.takenNames ?? [];
  return taken.length
    ? `${TITLE}.\n${taken.join(', ')}: another script of this page registered ${taken.length === 1 ? 'this name' : 'these names'} on ` +
        'document.modelContext before the bridge. An agent in the browser that calls them reaches that script, not the bridge.'
    : TITLE;
}

function connectionText(status: BridgeStatus): string {
  const latest = status.working?.at(-1);
  if (latest) {
    // A call goes on in the page even when the person paused or disconnected meanwhile.
    const state = status.disconnected ? ' (disconnected)' : status.paused ? ' (paused)' : '';
    const others = status.working!.length - 1;
    const notebook = latest.notebookPath.split('/').at(-1);
    return `Agent${state}: ${latest.tool} · ${notebook}${others ? ` (+${others} more)` : ''}`;
  }
  if (status.disconnected) {
    return 'Agent: disconnected';
  }
  const urls = status.connectedUrls();
  // An agent in the browser needs no server: its calls are shown all the same.
  if (urls.length === 0 && status.inPageCalls === 0) {
    return status.blockedByBrowser ? 'Agent: blocked by the browser (allow Local network access)' : 'Agent: not connected';
  }
  const where = urls.length === 0 ? 'not connected' : urls.length === 1 ? urls[0]!.replace(/^wss?:\/\//, '') : `${urls.length} servers`;
  const inPage = status.inPageCalls ? ` (${status.inPageCalls} in-page)` : '';
  const calls = `${status.calls} call${status.calls === 1 ? '' : 's'}${inPage}`;
  const last = status.lastTool ? `, last ${status.lastTool}` : '';
  return `Agent${status.paused ? ' (paused)' : ''}: ${where} · ${calls}${last}`;
}
