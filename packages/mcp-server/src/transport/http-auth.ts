/**
 * Who may use the MCP endpoint over HTTP (--http). Loopback and the Host and
 * Origin checks keep web pages out, but not the other users of this machine,
 * who can reach any loopback port and would drive the person's kernels. So a
 * client must send `Authorization: Bearer <key>` (`jupyter-live-mcp token
 * --bearer` prints the key). The key is derived from the pairing token: it
 * changes with `token --rotate`, and an MCP client's config never holds the
 * token that pairs pages.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a client without the key, or with an old one, is told to do. */
export const PUT_THE_KEY = "put the key that `jupyter-live-mcp token --bearer` prints into your MCP client's headers";

export function httpBearer(pairingToken: string): string {
  return createHmac('sha256', pairingToken).update('jupyter-live-mcp: MCP over HTTP').digest('hex');
}

/** Why the request is refused, or undefined when its Authorization header carries the key. */
export function refuseUnauthorized(authorization: string | undefined, bearer: string): string | undefined {
  const offered = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (offered === undefined) {
    return `this MCP endpoint needs "Authorization: Bearer <key>": ${PUT_THE_KEY}`;
  }
  const a = Buffer.from(offered);
  const b = Buffer.from(bearer);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    return "the bearer key is not this server's (the pairing token was rotated, or the server uses another config folder): put the key that `jupyter-live-mcp token --bearer` prints now into your MCP client's headers";
  }
  return undefined;
}
