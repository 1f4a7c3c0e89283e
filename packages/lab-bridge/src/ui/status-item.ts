/**
 * The bridge in the page's status bar (SPEC §6): which servers are connected,
 * how many calls the agent made (and of them in the page, through WebMCP),
 * the last tool, or the tool and notebook of a call working on one, and the
 * WebMCP names another script took; a click lets the person open the "Agent
 * changes" panel, pause agent control or disconnect. It renders its model
 * (status-model.ts) RENDER_EVERY_MS after it changes, with whatever changed
 * meanwhile: each write makes the browser render a frame, and in a big open
 * notebook a frame costs JupyterLab's own work for every cell (2,000 cells:
 * 15-25 ms), so an agent's run of quick calls, each followed by one, took
 * twice as long (BENCHMARKS.md).
 */
import { Widget } from '@lumino/widgets';
import type { StatusModel } from './status-model.js';
import { statusText, statusTitle } from './status-text.js';

/** How long a change waits to be shown: a person reads the item no faster. */
const RENDER_EVERY_MS = 500;

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
    }, RENDER_EVERY_MS);
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
