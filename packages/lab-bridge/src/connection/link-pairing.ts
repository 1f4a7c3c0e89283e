/**
 * A page paired by a link (`jupyter-live-mcp pair`, SPEC §8): the link's
 * fragment holds the port of the agent's server on this computer and a token
 * of this page's origin alone. It is taken out of the address bar at once (so
 * it is not bookmarked, shared or shown), tried, and kept only once that
 * server proved the token and welcomed the page. It is kept in this browser's
 * storage for the origin, not in the settings: JupyterLab saves those on the
 * page's server, which never learns it. A link holds no server address: the
 * page dials loopback only, so a link someone else wrote cannot send it
 * elsewhere.
 */
import {
  PAIRING_FRAGMENT_KEY,
  pairedServerUrl,
  readPairingFragment,
  type BridgeSettings,
  type PairingSecret
} from '@jupyter-live-mcp/protocol';

/** Where the kept pairing is, in the origin's localStorage. */
export const PAIRING_STORAGE_KEY = 'jupyter-live-mcp-bridge:paired-by-link';

export const DAMAGED_LINK_ALERT =
  "Agent bridge: the pairing link is damaged (cut short?). Run jupyter-live-mcp pair with this page's URL again and open the whole link.";

export interface LinkPairingPage {
  location: Pick<Location, 'hash' | 'href'>;
  history: Pick<History, 'replaceState' | 'state'>;
  /** The origin's localStorage, where the browser has it. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
}

export class LinkPairing {
  /** Kept from an earlier link that worked. */
  private kept: PairingSecret | undefined;
  /** From this page load's link, until its server welcomed the page. */
  private trying: PairingSecret | undefined;

  constructor(
    private readonly page: LinkPairingPage,
    private readonly tell: { alert(message: string): void; inform(message: string): void }
  ) {
    const stored = page.storage?.getItem(PAIRING_STORAGE_KEY);
    const read = stored ? readPairingFragment(`${PAIRING_FRAGMENT_KEY}=${stored}`) : undefined;
    this.kept = read?.kind === 'pairing' ? read.secret : undefined;
    const link = readPairingFragment(page.location.hash);
    if (link.kind === 'none') {
      return;
    }
    const url = new URL(page.location.href);
    url.hash = link.rest;
    page.history.replaceState(page.history.state, '', url.href);
    if (link.kind === 'damaged') {
      tell.alert(DAMAGED_LINK_ALERT);
    } else {
      this.trying = link.secret;
    }
  }

  /** The settings the page connects with: a link's pairing replaces the token and server URLs. */
  applyTo(settings: BridgeSettings): BridgeSettings {
    const pairing = this.trying ?? this.kept;
    return pairing ? { ...settings, token: pairing.token, serverUrls: [pairedServerUrl(pairing)] } : settings;
  }

  /** Whether the page's token comes from a link. */
  get inUse(): boolean {
    return (this.trying ?? this.kept) !== undefined;
  }

  /** The server at `serverUrl` proved the token and welcomed the page: a link being tried is kept from now on. */
  welcomed(serverUrl: string): void {
    const trying = this.trying;
    if (!trying || serverUrl !== pairedServerUrl(trying)) {
      return;
    }
    this.trying = undefined;
    this.kept = trying;
    this.page.storage?.setItem(PAIRING_STORAGE_KEY, `${trying.port}:${trying.token}`);
    this.tell.inform(`Agent bridge: paired with the agent on this computer (port ${trying.port}). This browser keeps the pairing.`);
  }
}
