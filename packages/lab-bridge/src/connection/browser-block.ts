/**
 * Local Network Access (SPEC §8): a page served from another host dials the
 * agent's server on this computer, and Chromium-based browsers let it only once
 * the person allowed that site. Till then the socket fails before any answer,
 * exactly like a server that is not running, so the Permissions API's state
 * tells the two apart; the person is told what to allow (once while it lasts:
 * connection-alerts.ts), and the page connects as soon as it is allowed.
 */

export type PermissionState = 'granted' | 'denied' | 'prompt';

/** The hosts a page of this computer's own Jupyter is served from: such a page needs no permission. */
const LOCAL_PAGE_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const BLOCKED_ALERT =
  'The browser blocked this page from reaching the agent on this computer; nothing was sent. Allow "Local network access" for this site.';

/**
 * The permission names for reaching `serverUrl`, most specific first: Chromium
 * 156 names loopback and the local network apart, earlier versions had one
 * name for both. None for a server on the internet, which needs no permission.
 */
export function permissionNames(serverUrl: string): string[] {
  let host: string;
  try {
    host = new URL(serverUrl).hostname;
  } catch {
    return [];
  }
  if (host === 'localhost' || host === '[::1]' || /^127\./.test(host)) {
    return ['loopback-network', 'local-network-access'];
  }
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(host) || host.endsWith('.local')) {
    return ['local-network', 'local-network-access'];
  }
  return [];
}

/** Whether a socket that never opened was most likely kept by the browser rather than missing a server. */
export function blockedByBrowser(pageHost: string, state: PermissionState | undefined): boolean {
  return state !== undefined && state !== 'granted' && !LOCAL_PAGE_HOSTS.has(pageHost);
}

/** What the person reads in the browser's console: where to allow it, in each browser. */
export function blockedDetail(serverUrl: string, pageOrigin: string, state: PermissionState): string {
  const where =
    state === 'denied'
      ? 'It was refused for this site, so the browser will not ask again: allow it in the site settings'
      : 'Allow it when the browser asks ("… wants to access other apps and services on this device"), or in the site settings';
  return (
    `the browser kept this page (${pageOrigin}) from connecting to ${serverUrl}, the agent's server on this computer ` +
    `(Local Network Access; permission state "${state}"). Nothing was sent. ${where} (Chrome and Edge: the icon left of ` +
    'the address → Site settings → Local network access, or "Apps on device"). The page connects once it is allowed, without a reload.'
  );
}

export interface BrowserBlockHooks {
  /** The Permissions API, where the browser has one. */
  permissions: Pick<Permissions, 'query'> | undefined;
  /** The page's own host and origin (location). */
  pageHost: string;
  pageOrigin: string;
  /** Tells the person (once per message while it lasts). */
  alert(serverUrl: string, message: string): void;
  warn(message: string): void;
  /** The permission was granted: connect now. */
  granted(): void;
  /** Whether some server is blocked changed (the status item). */
  changed(): void;
}

export class BrowserBlock {
  private readonly blocked = new Set<string>();
  /** By permission name: its status, watched for the person's change. */
  private readonly statuses = new Map<string, Promise<PermissionStatus | undefined>>();

  constructor(private readonly hooks: BrowserBlockHooks) {}

  /** Whether the browser keeps the page from some server. */
  get isBlocking(): boolean {
    return this.blocked.size > 0;
  }

  /** A socket to `serverUrl` closed before it opened: was it the browser? */
  async neverOpened(serverUrl: string): Promise<void> {
    const status = await this.status(serverUrl);
    if (!status || !blockedByBrowser(this.hooks.pageHost, status.state)) {
      return;
    }
    if (!this.blocked.has(serverUrl)) {
      this.blocked.add(serverUrl);
      this.hooks.warn(blockedDetail(serverUrl, this.hooks.pageOrigin, status.state));
      this.hooks.changed();
    }
    this.hooks.alert(serverUrl, BLOCKED_ALERT);
  }

  /** The page is connected to `serverUrl`. */
  connected(serverUrl: string): void {
    if (this.blocked.delete(serverUrl)) {
      this.hooks.changed();
    }
  }

  /** The first permission the browser knows of those for `serverUrl`, watched from then on. */
  private async status(serverUrl: string): Promise<PermissionStatus | undefined> {
    for (const name of permissionNames(serverUrl)) {
      const status = await this.query(name);
      if (status) {
        return status;
      }
    }
    return undefined;
  }

  private query(name: string): Promise<PermissionStatus | undefined> {
    let status = this.statuses.get(name);
    if (!status) {
      // A browser that does not know the name refuses it (a TypeError): then it guards nothing by that name.
      status = Promise.resolve(this.hooks.permissions?.query({ name } as unknown as PermissionDescriptor)).then(
        (found) => {
          found?.addEventListener('change', () => {
            if (found.state === 'granted') this.hooks.granted();
          });
          return found;
        },
        () => undefined
      );
      this.statuses.set(name, status);
    }
    return status;
  }
}
