/**
 * The page's connections to the servers its settings name (or a pairing link,
 * link-pairing.ts): made anew when the URLs or the token change, none while the
 * bridge is off or has no token, all closed while the person has disconnected
 * the page from the status bar. A socket that never opened may have been kept
 * by the browser (browser-block.ts), which then says when to dial again.
 */
import type { BridgeSettings, PersonFocus } from '@jupyter-live-mcp/protocol';
import { BrowserBlock, type BrowserBlockHooks } from './browser-block.js';
import { ConnectionAlerts } from './connection-alerts.js';
import type { LinkPairing } from './link-pairing.js';
import { ServerConnection, type ConnectionHooks } from './server-connection.js';

/** What this module needs of one connection. */
export type Connection = Pick<
  ServerConnection,
  'url' | 'connected' | 'start' | 'stop' | 'sendCatalogue' | 'sendPageState' | 'retryNow' | 'sendFocus'
>;

/** What the page is, for pages served from another host. */
export interface RemoteReach {
  pairing?: LinkPairing;
  browser?: Pick<BrowserBlockHooks, 'permissions' | 'pageHost' | 'pageOrigin'>;
}

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
  /** The token last connected with (or not: none). */
  private token = '';
  private disconnectedByPerson = false;
  /** Outlives the connections, which are made anew on every settings change. */
  private readonly alerts: ConnectionAlerts;
  private readonly browserBlock: BrowserBlock | undefined;

  constructor(
    private readonly hooks: SharedHooks,
    private readonly connect: (url: string, hooks: ConnectionHooks) => Connection = (url, hooks) => new ServerConnection(url, hooks),
    private readonly remote: RemoteReach = {}
  ) {
    this.alerts = new ConnectionAlerts(hooks.alert);
    this.browserBlock =
      remote.browser &&
      new BrowserBlock({
        ...remote.browser,
        alert: (url, message) => this.alerts.alert(url, message),
        warn: hooks.log.warn,
        granted: () => {
          for (const connection of this.connections) connection.retryNow();
        },
        changed: hooks.changed
      });
  }

  get disconnected(): boolean {
    return this.disconnectedByPerson;
  }

  /** Whether the browser keeps the page from a server (Local Network Access). */
  get blockedByBrowser(): boolean {
    return this.browserBlock?.isBlocking ?? false;
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
  apply(settings: BridgeSettings): void {
    const next = this.remote.pairing?.applyTo(settings) ?? settings;
    const previousToken = this.token;
    this.token = next.token;
    this.settings = settings;
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
        log: { ...this.hooks.log, warn: (text) => this.alerts.warn(url, text, this.hooks.log.warn) },
        changed: () => {
          if (connection.connected) {
            this.alerts.connected(url);
            this.browserBlock?.connected(url);
            this.remote.pairing?.welcomed(url);
          }
          this.hooks.changed();
        },
        neverOpened: () => void this.browserBlock?.neverOpened(url),
        ...(this.remote.pairing?.inUse ? { pairedByLink: true } : {})
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
