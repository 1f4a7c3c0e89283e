/**
 * Mutual proof of the pairing token (SPEC §6). The page and the server share a
 * 256-bit token; neither ever sends it. Each side sends a fresh nonce, and each
 * proves the token with an HMAC-SHA256 over both nonces, the endpoint's port and
 * its own side label, so a proof can be replayed neither on another connection
 * nor as the other side's. The port is the one the page dialled, as the page
 * sees it and as the server listens on it: a program squatting the port a page
 * dials cannot relay the handshake to the real server on another port and then
 * run calls in the page. The server proves itself first: the page sends nothing
 * that depends on the token to a server that cannot.
 *
 * @noble/hashes (audited, no dependencies) rather than crypto.subtle, which a
 * page served over plain http from a non-localhost host does not have.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const TOKEN_DIGITS = '[0-9a-f]{64}';

/** A token is 64 lower-case hex digits (256 bits). */
export const TOKEN_PATTERN = new RegExp(`^${TOKEN_DIGITS}$`);

/** A token or '' (none yet), as the bridge's Pairing token setting holds it. */
export const TOKEN_OR_NONE_PATTERN = new RegExp(`^(${TOKEN_DIGITS})?$`);

/**
 * Who proves: the two ends of a page connection, `doctor` asking the server's status (never on a page connection),
 * or the two ends of a join channel (join-channel.ts): the server holding the port (`hub`) and one joining it.
 */
export type Side = 'server' | 'page' | 'doctor' | 'hub' | 'joiner';

/** 32 random bytes as hex. crypto.getRandomValues works outside secure contexts too. */
export function randomHex(bytes = 32): string {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(bytes)));
}

export function newToken(): string {
  return randomHex(32);
}

/** What a proof covers besides the token and side: the endpoint's port and both nonces (`doctor`'s is the page's). */
export interface Exchange {
  port: number;
  pageNonce: string;
  serverNonce: string;
}

export function proofOf(token: string, side: Side, { port, pageNonce, serverNonce }: Exchange): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(token), utf8ToBytes(`jupyter-live-mcp/v2|${side}|${port}|${pageNonce}|${serverNonce}`)));
}

/** Checks a proof in constant time for proofs of the right length. */
export function isValidProof(proof: string, token: string, side: Side, exchange: Exchange): boolean {
  const expected = proofOf(token, side, exchange);
  if (proof.length !== expected.length) {
    return false;
  }
  let difference = 0;
  // Stryker disable next-line EqualityOperator: `<=` reads charCodeAt(length), NaN, and NaN ^ NaN is 0.
  for (let i = 0; i < expected.length; i++) {
    difference |= proof.charCodeAt(i) ^ expected.charCodeAt(i);
  }
  return difference === 0;
}
