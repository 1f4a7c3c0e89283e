/**
 * What the status item shows (SPEC §6), as a model: the calls counted, the
 * last tool, the calls working on notebooks; `changed` tells the item to render
 * again, also when the connections or the person's pause change.
 */
import { Signal } from '@lumino/signaling';
import type { CallSource } from '../calls/call-pipeline.js';
import type { BridgeStatus, WorkingCall } from './status-text.js';

export class StatusModel implements BridgeStatus {
  readonly changed = new Signal<this, void>(this);
  calls = 0;
  inPageCalls = 0;
  lastTool?: string;
  working: readonly WorkingCall[] = [];

  constructor(private readonly page: Pick<BridgeStatus, 'connectedUrls' | 'paused' | 'disconnected'>) {}

  connectedUrls(): string[] {
    return this.page.connectedUrls();
  }

  get paused(): boolean {
    return this.page.paused;
  }

  get disconnected(): boolean {
    return this.page.disconnected;
  }

  /** One more call of the agent's. */
  countCall(tool: string, source: CallSource): void {
    this.calls++;
    if (source === 'in-page') this.inPageCalls++;
    this.lastTool = tool;
    this.changed.emit();
  }

  /** A call working on a notebook, named until the function returned is called. */
  showWork(call: WorkingCall): () => void {
    this.working = [...this.working, call];
    this.changed.emit();
    return () => {
      this.working = this.working.filter((other) => other !== call);
      this.changed.emit();
    };
  }

  /** The connections or the pause changed. */
  pageChanged(): void {
    this.changed.emit();
  }
}
