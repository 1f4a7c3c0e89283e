/**
 * The status bar text: where the page is connected, how many calls, the last
 * tool, and whether the person paused or disconnected the agent. Pure.
 */

export interface BridgeStatus {
  connectedUrls(): string[];
  calls: number;
  lastTool?: string;
  readonly paused: boolean;
  readonly disconnected: boolean;
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
