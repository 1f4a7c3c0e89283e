/**
 * The link `jupyter-live-mcp pair` makes for a page served from another host:
 * the page's own URL with the port of the person's server and that page's own
 * token in the fragment, which browsers never send to the page's server. The
 * token is one of that page's origin alone (config.json `pairedOrigins`), never
 * the pairing token: whoever reads the link (the page's scripts, its server
 * through the page) can pair that origin and nothing else, which is what the
 * person asked for.
 */
import { TOKEN_PATTERN } from './pairing.js';

export const PAIRING_FRAGMENT_KEY = 'jupyter-live-mcp-pair';

/** What a pairing link tells the page: the loopback port its server listens on and the page's token. */
export interface PairingSecret {
  port: number;
  token: string;
}

export function pairingLink(pageUrl: string, secret: PairingSecret): string {
  const url = new URL(pageUrl);
  url.hash = `${PAIRING_FRAGMENT_KEY}=${secret.port}:${secret.token}`;
  return url.href;
}

export type ReadFragment =
  /** No pairing in the fragment. */
  | { kind: 'none' }
  /** A pairing; `rest` is the fragment without it ('' when nothing else was there). */
  | { kind: 'pairing'; secret: PairingSecret; rest: string }
  /** The key is there but its value is not a port and a token: `rest` as above. */
  | { kind: 'damaged'; rest: string };

/** Reads `hash` (location.hash, with or without its '#'). */
export function readPairingFragment(hash: string): ReadFragment {
  const parts = hash.replace(/^#/, '').split('&');
  const index = parts.findIndex((part) => part.startsWith(`${PAIRING_FRAGMENT_KEY}=`));
  if (index === -1) {
    return { kind: 'none' };
  }
  const rest = parts.filter((_, i) => i !== index).join('&');
  const match = /^([1-9][0-9]{0,4}):(.*)$/.exec(parts[index]!.slice(PAIRING_FRAGMENT_KEY.length + 1));
  const port = Number(match?.[1]);
  if (!match || port > 65535 || !TOKEN_PATTERN.test(match[2]!)) {
    return { kind: 'damaged', rest };
  }
  return { kind: 'pairing', secret: { port, token: match[2]! }, rest };
}

/** Where a page paired by a link connects: loopback on the link's port, never another host (a link anyone can write). */
export function pairedServerUrl(secret: PairingSecret): string {
  return `ws://127.0.0.1:${secret.port}`;
}
