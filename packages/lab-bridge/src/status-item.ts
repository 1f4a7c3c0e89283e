/**
 * The bridge in the page's status bar (SPEC §6): which servers are connected,
 * how many calls the agent made, the last tool; a click lets the person pause
 * agent control or disconnect.
 */
import { Widget } from '@lumino/widgets';

export interface BridgeStatus {
  connectedUrls(): string[];
  calls: number;
  lastTool?: string;
  paused: boolean;
  disconnected: boolean;
}

export class StatusItem extends Widget {
  constructor(
    private readonly status: BridgeStatus,
    onClick: () => void
  ) {
    super();
    this.addClass('jp-live-mcp-status');
    this.node.title = 'Agent bridge (jupyter-live-mcp): click to pause agent control or disconnect';
    this.node.addEventListener('click', onClick);
    this.refresh();
  }

  refresh(): void {
    this.node.textContent = statusText(this.status);
  }
}

export function statusText(status: BridgeStatus): string {
  if (status.disconnected) {
    return 'Agent: disconnected';
  }
  const urls = status.connectedUrls();
  if (urls.length === 0) {
    return 'Agent: not connected';
  }
  const where = urls.length === 1 ? urls[0]!.replace(/^wss?:\/\//, '') : `${urls.length} servers`;
  const calls = `${status.calls} call${status.calls === 1 ? '' : 's'}`;
  const last = status.lastTool ? `, last ${status.lastTool}` : '';
  return `Agent${status.paused ? ' (paused)' : ''}: ${where} · ${calls}${last}`;
}
