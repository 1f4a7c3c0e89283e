import { describe, expect, it } from 'vitest';
import { httpBearer, refuseUnauthorized } from './http-auth.js';

const TOKEN = 'a'.repeat(64);

describe('the --http bearer key', () => {
  it('is derived from the pairing token, differs from it, and changes with it', () => {
    const key = httpBearer(TOKEN);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toBe(TOKEN);
    expect(httpBearer(TOKEN)).toBe(key);
    expect(httpBearer('b'.repeat(64))).not.toBe(key);
  });

  it('lets in a request carrying it and refuses others, saying where the key comes from', () => {
    const key = httpBearer(TOKEN);
    expect(refuseUnauthorized(`Bearer ${key}`, key)).toBeUndefined();
    expect(refuseUnauthorized(`bearer  ${key} `, key)).toBeUndefined();
    expect(refuseUnauthorized(undefined, key)).toMatch(/needs "Authorization: Bearer <key>".*token --bearer/);
    expect(refuseUnauthorized(`Basic ${key}`, key)).toMatch(/needs "Authorization: Bearer <key>"/);
    expect(refuseUnauthorized(`Bearer ${httpBearer('c'.repeat(64))}`, key)).toMatch(/not this server's.*token --bearer/);
    expect(refuseUnauthorized('Bearer x', key)).toMatch(/not this server's/);
  });
});
