/**
 * The bridge in the page's status bar (SPEC §6): which servers are connected,
 * how many calls the agent made (and of them in the page, through WebMCP),
 * the last tool, or the tool and notebook of a call working on one; a click
 * lets the person pause agent control or disconnect.
 */
import { Widget } from '@lumino/widgets';
import type { CallSource } from '../calls/call-pipeline.js';
import { statusText, type BridgeStatus, type WorkingCall } from './status-text.js';

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

  /** A call working on a notebook, named until the function returned is called. */
  showWork(call: WorkingCall): () => void {
    this.status.working = [...(this.status.working ?? []), call];
    this.refresh();
    return () => {
      this.status.working = this.status.working?.filter((other) => other !== call);
      this.refresh();
    };
  }

  refresh(): void {
    this.node.textContent = statusText(this.status);
  }
}
