/**
 * The bridge in the page's status bar (SPEC §6): which servers are connected,
 * how many calls the agent made (and of them in the page, through WebMCP),
 * the last tool; a click lets the person pause agent control or disconnect.
 */
import { Widget } from '@lumino/widgets';
import type { CallSource } from '../calls/call-pipeline.js';
import { statusText, type BridgeStatus } from './status-text.js';

export type { BridgeStatus };

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

  /** One more call of the agent's. */
  countCall(tool: string, source: CallSource): void {
    this.status.calls++;
    if (source === 'in-page') this.status.inPageCalls++;
    this.status.lastTool = tool;
    this.refresh();
  }

  refresh(): void {
    this.node.textContent = statusText(this.status);
  }
}
