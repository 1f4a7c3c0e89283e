/**
 * The bridge in the page's status bar (SPEC §6): which servers are connected,
 * how many calls the agent made (and of them in the page, through WebMCP),
 * the last tool, or the tool and notebook of a call working on one, and the
 * WebMCP names another script took; a click lets the person open the "Agent
 * changes" panel, pause agent control or disconnect. It renders its model
 * (status-model.ts) whenever that changes.
 */
import { Widget } from '@lumino/widgets';
import type { StatusModel } from './status-model.js';
import { statusText, statusTitle } from './status-text.js';

export class StatusItem extends Widget {
  constructor(
    private readonly model: StatusModel,
    onClick: () => void
  ) {
    super();
    this.addClass('jp-live-mcp-status');
    this.node.addEventListener('click', onClick);
    model.changed.connect(this.render, this);
    this.render();
  }

  override dispose(): void {
    this.model.changed.disconnect(this.render, this);
    super.dispose();
  }

  private render(): void {
    this.node.textContent = statusText(this.model);
    // Renders at every call: the title changes only when names are taken, and writing the DOM costs the call.
    const title = statusTitle(this.model);
    if (this.node.title !== title) {
      this.node.title = title;
    }
  }
}
