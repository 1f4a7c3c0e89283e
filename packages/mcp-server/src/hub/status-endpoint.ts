/**
 * GET /status on the bridge endpoint's port, for `jupyter-live-mcp doctor`.
 * Anyone may learn that this is jupyter-live-mcp (and get a challenge); the
 * version and the connected pages go only to a caller that proves the pairing
 * token: an HMAC (protocol pairing, side "doctor") over a fresh single-use
 * challenge and the caller's own nonce, in one header. The answer names page
 * kinds only, never URLs, titles or the token.
 *
 * A challenge is kept nowhere until it is used: it carries its expiry and a MAC
 * of this process's own key over it. However many challenges others ask for,
 * a doctor's stays good (a table of issued ones, capped, could be flushed).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  STATUS_SERVICE,
  isValidProof,
  randomHex,
  type StatusChallenge,
  type StatusRefusal,
  type StatusReport
} from '@jupyter-live-mcp/protocol';
import type { PageRouter } from './page-router.js';

export const STATUS_PATH = '/status';
/** `<challenge> <caller nonce> <proof>`, each hex. */
export const STATUS_PROOF_HEADER = 'x-jupyter-live-mcp-proof';

/** How long a challenge can be answered. */
const CHALLENGE_LIFETIME_MS = 30_000;

export interface StatusEndpointOptions {
  token: string;
  serverVersion: string;
  router: PageRouter;
  now?: () => number;
}

export type StatusHandler = (request: IncomingMessage, response: ServerResponse) => void;

export function isStatusRequest(request: IncomingMessage): boolean {
  if (request.method !== 'GET') {
    return false;
  }
  try {
    return new URL(request.url ?? '/', 'http://localhost').pathname === STATUS_PATH;
  } catch {
    // A request line such as "GET //" names no URL.
    return false;
  }
}

export function createStatusHandler(options: StatusEndpointOptions): StatusHandler {
  const now = options.now ?? Date.now;
  const key = randomBytes(32);
  // 64 hex digits, as doctor reads a challenge: 16 of nonce, 12 of expiry (ms), 36 of MAC over both.
  const mac = (nonceAndExpiry: string) => createHmac('sha256', key).update(nonceAndExpiry).digest('hex').slice(0, 36);
  /** Challenges answered with a valid proof, until they expire: each is good once. Only token holders add to it. */
  const used = new Map<string, number>();

  const issueChallenge = (): string => {
    const nonceAndExpiry = randomHex(8) + (now() + CHALLENGE_LIFETIME_MS).toString(16).padStart(12, '0');
    return nonceAndExpiry + mac(nonceAndExpiry);
  };

  /** When the challenge expires, if this process issued it and it is still good; else undefined. */
  const expiryOf = (challenge: string): number | undefined => {
    if (!/^[0-9a-f]{64}$/.test(challenge) || used.has(challenge)) {
      return undefined;
    }
    const expires = Number.parseInt(challenge.slice(16, 28), 16);
    const genuine = timingSafeEqual(Buffer.from(challenge.slice(28)), Buffer.from(mac(challenge.slice(0, 28))));
    return genuine && expires > now() ? expires : undefined;
  };

  const isProven = (header: string, port: number): boolean => {
    const [challenge, nonce, proof, ...rest] = header.trim().split(/\s+/);
    if (!challenge || !nonce || !proof || rest.length) {
      return false;
    }
    const expires = expiryOf(challenge);
    if (expires === undefined || !isValidProof(proof, options.token, 'doctor', { port, pageNonce: nonce, serverNonce: challenge })) {
      return false;
    }
    for (const [old, oldExpires] of used) {
      if (oldExpires <= now()) {
        used.delete(old);
      }
    }
    used.set(challenge, expires);
    return true;
  };

  return (request, response) => {
    const header = request.headers[STATUS_PROOF_HEADER];
    // The shapes doctor's status client reads (protocol's status-answer.ts).
    const answer = (status: number, body: StatusChallenge | StatusRefusal | StatusReport) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (typeof header !== 'string') {
      answer(200, { service: STATUS_SERVICE, challenge: issueChallenge() });
      return;
    }
    if (!isProven(header, request.socket.localPort!)) {
      answer(401, {
        service: STATUS_SERVICE,
        error: "the proof does not match this server's pairing token, or its challenge expired; ask again with a fresh challenge"
      });
      return;
    }
    const kinds: Record<string, number> = {};
    const pages = options.router.pages();
    for (const page of pages) {
      const kind = page.identity ? `${page.identity.app.name} ${page.identity.app.version}` : 'unknown';
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    answer(200, { service: STATUS_SERVICE, version: options.serverVersion, pages: { count: pages.length, kinds } });
  };
}
