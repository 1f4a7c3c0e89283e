/**
 * The page's connections to the servers its settings name: made anew when the
 * URLs or the token change, none while the bridge is off or has no token, all
 * closed while the person has disconnected the page from the status bar.
 */
import type { BridgeSettings, PersonFocus } from '@jupyter-live-mcp/protocol';
import { ConnectionAlerts } from './connection-alerts.js';
import { ServerConnection, type ConnectionHooks } from './server-connection.js';

/** What this module needs of one connection. */
export type Connection = Pick<ServerConnection, 'url' | 'connected' | 'start' | 'stop' | 'sendCatalogue' | 'sendPageState' | 'sendFocus'>;

export type SharedHooks = Omit<ConnectionHooks, 'token'>;

export const NO_TOKEN_ALERT =
  'Agent bridge: no pairing token; no agent can connect. Put what "jupyter-live-mcp token" prints into Settings → Agent bridge → Pairing token.';

export class Connections {
  private connections: Connection[] = [];
  /** Where the person last was in their notebook, for connections made later. */
  private focus: PersonFocus | null | undefined;
  /** The URLs and token connected with; '' when nothing has been connected since start or a disconnect. */
  private connectedWith = '';
  private settings: BridgeSettings | undefined;
  private disconnectedByPerson = false;
  /** Outlives the connections, which are made anew on every settings change. */
  private readonly alerts: ConnectionAlerts;

  constructor(
    private readonly hooks: SharedHooks,
    private readonly connect: (url: string, hooks: ConnectionHooks) => Connection = (url, hooks) => new ServerConnection(url, hooks)
  ) {
    this.alerts = new ConnectionAlerts(hooks.alert);
  }

  get disconnected(): boolean {
    return this.disconnectedByPerson;
  }

  connectedUrls(): string[] {
    return this.connections.filter((connection) => connection.connected).map((connection) => connection.url);
  }

  sendCatalogue(): void {
    for (const connection of this.connections) {
      connection.sendCatalogue();
    }
  }

  sendPageState(focused: boolean): void {
    for (const connection of this.connections) {
      connection.sendPageState(focused);
    }
  }

  sendFocus(focus: PersonFocus | null): void {
    this.focus = focus;
    for (const connection of this.connections) {
      connection.sendFocus(focus);
    }
  }

  /** Connects as the settings say, keeping the connections that are already right. */
  apply(next: BridgeSettings): void {
    const previousToken = this.settings?.token ?? '';
    this.settings = next;
    if (next.enabled && !next.token && (previousToken || !this.connectedWith)) {
      this.hooks.alert(NO_TOKEN_ALERT);
    }
    const urls = next.enabled && next.token && !this.disconnectedByPerson ? [...new Set(next.serverUrls)] : [];
    const wanted = JSON.stringify([urls, next.token]);
    if (wanted === this.connectedWith) {
      return;
    }
    this.connectedWith = wanted;
    this.stopAll();
    this.connections = urls.map((url) => {
      const connection = this.connect(url, {
        ...this.hooks,
        token: next.token,
        alert: (message) => this.alerts.alert(url, message),
        changed: () => {
          if (connection.connected) this.alerts.connected(url);
          this.hooks.changed();
        }
      });
      return connection;
    });
    for (const connection of this.connections) {
      if (this.focus !== undefined) {
        // A connection made anew tells its server after the welcome.
        connection.sendFocus(this.focus);
      }
      connection.start();
    }
    this.hooks.changed();
  }

  /** The person disconnected the page: no connection until they reconnect it. */
  disconnect(): void {
    this.disconnectedByPerson = true;
    this.connectedWith = '';
    this.stopAll();
  }

  reconnect(): void {
    this.disconnectedByPerson = false;
    this.connectedWith = '';
    if (this.settings) {
      this.apply(this.settings);
    }
  }

  private stopAll(): void {
    for (const connection of this.connections) {
      connection.stop();
    }
    this.connections = [];
  }
}
