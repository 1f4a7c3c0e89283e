import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTokenFacts } from './local-setup.js';

const TOKEN = 'a'.repeat(64);

describe('readTokenFacts', () => {
  it('reads the token file as the server does', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'doctor-token-')), 'config.json');
    expect(await readTokenFacts(file)).toEqual({ file, state: 'missing' });
    await writeFile(file, '{"token": ');
    expect(await readTokenFacts(file)).toEqual({ file, state: 'invalid' });
    await writeFile(file, JSON.stringify({ token: TOKEN, liteTokens: { '8768': 'short' } }));
    expect(await readTokenFacts(file)).toEqual({ file, state: 'damaged', problem: 'liteTokens.8768: not a token (64 hex digits)' });
    await writeFile(file, JSON.stringify({ token: TOKEN }));
    await chmod(file, 0o600);
    expect(await readTokenFacts(file)).toMatchObject({ file, state: 'ok', token: TOKEN, mode: expect.any(Number) });
  });
});
