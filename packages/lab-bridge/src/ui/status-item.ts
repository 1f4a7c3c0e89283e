/**
 * The bridge in the page's status bar (SPEC §6): which servers are connected,
 * how many calls the agent made (and of them in the page, through WebMCP),
 * the last tool, or the tool and notebook of a call working on one, and the
 * WebMCP names another script took; a click lets the person open the "Agent
 * changes" panel, pause agent control or disconnect. It renders its model
 * (status-model.ts) in a task of its own after it changes: a call's count is
 * written after the call's answer has gone, not on its way, and a run of
 * changes in one task is written once. (An animation frame asked for on each
 * call cost more than the render: 0.1-0.2 ms a call in Chromium.)
 */
import { Widget } from '@lumino/widgets';
import type { StatusModel } from './status-model.js';
import { statusText, statusTitle } from './status-text.js';

export class StatusItem extends Widget {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly model: StatusModel,
    onClick: () => void
  ) {
    super();
    this.addClass('jp-live-mcp-status');
    this.node.addEventListener('click', onClick);
    model.changed.connect(this.renderSoon, this);
    this.render();
  }

  override dispose(): void {
    this.model.changed.disconnect(this.renderSoon, this);
    clearTimeout(this.timer);
    super.dispose();
  }

  private renderSoon(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.render();
    });
  }

  private render(): void {
    this.node.textContent = statusText(this.model);
    // The title changes only when names are taken: it is written only then.
    const title = statusTitle(this.model);
    if (this.node.title !== title) {
      this.node.title = title;
    }
  }
}
