/**
 * What the status item shows (SPEC §6), as a model: the calls counted, the
 * last tool, the calls working on notebooks, the WebMCP names taken; `changed` tells the item to render
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
  takenNames: readonly string[] = [];

  private connections?: Pick<BridgeStatus, 'connectedUrls' | 'disconnected' | 'blockedByBrowser'>;

  constructor(private readonly person: Pick<BridgeStatus, 'paused'>) {}

  /** Shows these connections from now on (they report their changes through pageChanged). */
  follow(connections: Pick<BridgeStatus, 'connectedUrls' | 'disconnected' | 'blockedByBrowser'>): void {
    this.connections = connections;
    this.changed.emit();
  }

  connectedUrls(): string[] {
    return this.connections?.connectedUrls() ?? [];
  }

  get paused(): boolean {
    return this.person.paused;
  }

  get disconnected(): boolean {
    return this.connections?.disconnected ?? false;
  }

  get blockedByBrowser(): boolean {
    return this.connections?.blockedByBrowser ?? false;
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

  /** The WebMCP names another script took are these now. */
  showTaken(names: readonly string[]): void {
    this.takenNames = names;
    this.changed.emit();
  }

  /** The connections or the pause changed. */
  pageChanged(): void {
    this.changed.emit();
  }
}
