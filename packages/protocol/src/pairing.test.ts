import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TOKEN_PATTERN, isValidProof, newToken, proofOf, randomHex } from './pairing.js';

const token = 'f'.repeat(64);

describe('pairing proofs', () => {
  it('are HMAC-SHA256 over the side label and both nonces (checked against node:crypto)', () => {
    const expected = createHmac('sha256', token).update('jupyter-live-mcp/v1|server|pn|sn').digest('hex');
    expect(proofOf(token, 'server', 'pn', 'sn')).toBe(expected);
  });

  it('differ by side and by nonce, so none can be replayed', () => {
    const proofs = new Set([
      proofOf(token, 'server', 'a', 'b'),
      proofOf(token, 'page', 'a', 'b'),
      proofOf(token, 'server', 'a', 'c'),
      proofOf(token, 'server', 'x', 'b'),
      proofOf('e'.repeat(64), 'server', 'a', 'b')
    ]);
    expect(proofs.size).toBe(5);
  });

  it('are checked for the right token, side and nonces only', () => {
    const proof = proofOf(token, 'page', 'a', 'b');
    expect(isValidProof(proof, token, 'page', 'a', 'b')).toBe(true);
    expect(isValidProof(proof, token, 'server', 'a', 'b')).toBe(false);
    expect(isValidProof(proof, 'e'.repeat(64), 'page', 'a', 'b')).toBe(false);
    expect(isValidProof(proof.slice(1), token, 'page', 'a', 'b')).toBe(false);
    expect(isValidProof('', token, 'page', 'a', 'b')).toBe(false);
  });

  it('new tokens are 256 random bits as hex, and nonces are fresh', () => {
    expect(newToken()).toMatch(TOKEN_PATTERN);
    expect(newToken()).not.toBe(newToken());
    expect(randomHex()).toMatch(/^[0-9a-f]{64}$/);
  });
});
