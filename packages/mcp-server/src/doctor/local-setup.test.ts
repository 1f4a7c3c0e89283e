import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_URL } from '@jupyter-live-mcp/protocol';
import { bridgeSettingsFile } from '../install/jupyter-paths.js';
import { readSettingsFacts, readTokenFacts } from './local-setup.js';

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

describe('readSettingsFacts', () => {
  it("reads the bridge's token and serverUrls as the page does, naming a value of the wrong shape", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'doctor-settings-'));
    const file = bridgeSettingsFile(dir);
    expect(await readSettingsFacts(dir)).toEqual({ file, state: 'missing' });
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ token: TOKEN, serverUrls: ['ws://127.0.0.1:9000'], confirm: 'all' }), { mode: 0o600 });
    expect(await readSettingsFacts(dir)).toEqual({ file, state: 'ok', token: TOKEN, serverUrls: ['ws://127.0.0.1:9000'], problems: {} });
    await writeFile(file, JSON.stringify({ token: 'abc', serverUrls: 'ws://127.0.0.1:9000' }));
    expect(await readSettingsFacts(dir)).toEqual({
      file,
      state: 'ok',
      token: '',
      serverUrls: [DEFAULT_SERVER_URL],
      problems: { token: 'token: not a token (64 hex digits)', serverUrls: 'serverUrls: Invalid input: expected array, received string' }
    });
    for (const text of ['// comments\n{}', 'null', '[]']) {
      await writeFile(file, text);
      expect(await readSettingsFacts(dir)).toEqual({ file, state: 'not-json' });
    }
  });
});
