import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TOKEN_PATTERN, isValidProof, newToken, proofOf, randomHex } from './pairing.js';

const token = 'f'.repeat(64);
const ex = (pageNonce: string, serverNonce: string) => ({ port: 8767, pageNonce, serverNonce });

describe('pairing proofs', () => {
  it('are HMAC-SHA256 over the side label, the port and both nonces (checked against node:crypto)', () => {
    const expected = createHmac('sha256', token).update('jupyter-live-mcp/v2|server|8767|pn|sn').digest('hex');
    expect(proofOf(token, 'server', { port: 8767, pageNonce: 'pn', serverNonce: 'sn' })).toBe(expected);
  });

  it('differ by side, port and nonce, so none can be replayed or relayed to another port', () => {
    const proofs = new Set([
      proofOf(token, 'server', ex('a', 'b')),
      proofOf(token, 'page', ex('a', 'b')),
      proofOf(token, 'server', ex('a', 'c')),
      proofOf(token, 'server', ex('x', 'b')),
      proofOf(token, 'server', { ...ex('a', 'b'), port: 8768 }),
      proofOf('e'.repeat(64), 'server', ex('a', 'b'))
    ]);
    expect(proofs.size).toBe(6);
  });

  it('are checked for the right token, side, port and nonces only', () => {
    const proof = proofOf(token, 'page', ex('a', 'b'));
    expect(isValidProof(proof, token, 'page', ex('a', 'b'))).toBe(true);
    expect(isValidProof(proof, token, 'server', ex('a', 'b'))).toBe(false);
    expect(isValidProof(proof, 'e'.repeat(64), 'page', ex('a', 'b'))).toBe(false);
    expect(isValidProof(proof, token, 'page', { ...ex('a', 'b'), port: 9999 })).toBe(false);
    expect(isValidProof(proof.slice(1), token, 'page', ex('a', 'b'))).toBe(false);
    expect(isValidProof('', token, 'page', ex('a', 'b'))).toBe(false);
    // A valid proof with anything after it is not that proof.
    expect(isValidProof(`${proof}0`, token, 'page', ex('a', 'b'))).toBe(false);
    expect(isValidProof(proof + proof, token, 'page', ex('a', 'b'))).toBe(false);
  });

  it('new tokens are 256 random bits as hex, and nonces are fresh', () => {
    expect(newToken()).toMatch(TOKEN_PATTERN);
    expect(newToken()).not.toBe(newToken());
    expect(randomHex()).toMatch(/^[0-9a-f]{64}$/);
  });
});
