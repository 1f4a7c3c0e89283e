/**
 * GET /status on the bridge endpoint's port, for `jupyter-live-mcp doctor`.
 * Anyone may learn that this is jupyter-live-mcp (and get a challenge); the
 * version and the connected pages go only to a caller that proves the pairing
 * token: an HMAC (protocol pairing, side "doctor") over a fresh single-use
 * challenge and the caller's own nonce, in one header. The answer names page
 * kinds only, never URLs, titles or the token.
 */
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

/** How long a challenge can be answered, and how many may wait at once (each GET makes one). */
const CHALLENGE_LIFETIME_MS = 30_000;
const MAX_CHALLENGES = 64;

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
  /** Challenge → when it expires. A Map keeps insertion order, so the oldest goes first when full. */
  const challenges = new Map<string, number>();

  const issueChallenge = (): string => {
    for (const [challenge, expires] of challenges) {
      if (expires <= now() || challenges.size >= MAX_CHALLENGES) {
        challenges.delete(challenge);
      }
    }
    const challenge = randomHex();
    challenges.set(challenge, now() + CHALLENGE_LIFETIME_MS);
    return challenge;
  };

  const isProven = (header: string, port: number): boolean => {
    const [challenge, nonce, proof, ...rest] = header.trim().split(/\s+/);
    if (!challenge || !nonce || !proof || rest.length) {
      return false;
    }
    const expires = challenges.get(challenge);
    challenges.delete(challenge);
    return (
      expires !== undefined &&
      expires > now() &&
      isValidProof(proof, options.token, 'doctor', { port, pageNonce: nonce, serverNonce: challenge })
    );
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
