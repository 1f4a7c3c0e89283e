/**
 * The answers to the OAuth requests MCP clients make after a 401. MCP's
 * authorization spec has a client that is refused look for OAuth metadata
 * (protected resource, then authorization server), register itself (dynamic
 * client registration) and send the person to sign in. This server takes a
 * bearer key instead, so each of those requests is answered with what to do,
 * in the form the asking client reports: an OAuth error (whose
 * error_description the SDK's client throws and clients show) for the
 * endpoints, plain text for a browser sent to /authorize. Pure.
 */
import { PUT_THE_KEY } from './http-auth.js';

export interface OAuthAnswer {
  status: number;
  contentType: string;
  body: string;
}

export const NO_OAUTH = `This jupyter-live-mcp endpoint takes no OAuth sign-in but a key in a header: ${PUT_THE_KEY} as "Authorization: Bearer <key>", then reconnect`;

/** The metadata documents of RFC 9728 and RFC 8414 / OpenID Connect, at the root or after a path, as clients probe them. */
const METADATA = /(^|\/)\.well-known\/(oauth-protected-resource|oauth-authorization-server|openid-configuration)(\/|$)/;

/** The endpoints a client falls back to on the server's origin when it finds no metadata. */
const ENDPOINTS = new Set(['/register', '/token', '/authorize', '/revoke']);

/** The answer to an OAuth request, or undefined for any other path. */
export function oauthAnswer(method: string, pathname: string): OAuthAnswer | undefined {
  const error = (status: number) => ({
    status,
    contentType: 'application/json',
    body: JSON.stringify({ error: 'access_denied', error_description: `${NO_OAUTH}.` })
  });
  if (METADATA.test(pathname)) {
    // No metadata to give: 404, which every client reads as "no OAuth here".
    return error(404);
  }
  if (!ENDPOINTS.has(pathname)) {
    return undefined;
  }
  if (pathname === '/authorize' && method === 'GET') {
    return { status: 403, contentType: 'text/plain; charset=utf-8', body: `${NO_OAUTH}.\n` };
  }
  return error(403);
}
