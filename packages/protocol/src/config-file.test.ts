import { describe, expect, it } from 'vitest';
import { readConfigFile } from './index.js';

const TOKEN = 'a'.repeat(64);

describe('readConfigFile', () => {
  it('reads a valid file, keeping fields it does not know', () => {
    const file = {
      token: TOKEN,
      settingsFiles: ['/s/plugin.jupyterlab-settings'],
      installedKeys: { '/s/plugin.jupyterlab-settings': ['token', 'serverUrls'] },
      liteTokens: { '8768': 'b'.repeat(64) },
      later: { x: 1 }
    };
    expect(readConfigFile(JSON.stringify(file))).toEqual({ config: file });
    expect(readConfigFile('{}')).toEqual({ config: {} });
  });

  it.each([
    ['{"token": ', 'it is not JSON'],
    ['[]', 'it is not a JSON object'],
    ['null', 'it is not a JSON object'],
    ['3', 'it is not a JSON object'],
    ['"token"', 'it is not a JSON object']
  ])('says that %j is no config at all', (text, problem) => {
    expect(readConfigFile(text)).toEqual({ config: {}, problem });
  });

  it('keeps the valid fields of a damaged file and says what is wrong with the others, never their values', () => {
    const read = readConfigFile(
      JSON.stringify({ token: 'a-secret-that-is-no-token', settingsFiles: '/s', liteTokens: { '8768': 'b'.repeat(64) }, later: 1 })
    );
    expect(read.config).toEqual({ liteTokens: { '8768': 'b'.repeat(64) }, later: 1 });
    expect(read.problem).toMatch(/^token: not a token \(64 hex digits\); settingsFiles: .*expected array/);
    expect(read.problem).not.toContain('a-secret');
  });

  it('refuses lite tokens under a key that is no port, or that are no tokens', () => {
    expect(readConfigFile(JSON.stringify({ token: TOKEN, liteTokens: { '8768': 'short' } }))).toEqual({
      config: { token: TOKEN },
      problem: 'liteTokens.8768: not a token (64 hex digits)'
    });
    expect(readConfigFile(JSON.stringify({ token: TOKEN, liteTokens: { lite: TOKEN } })).problem).toMatch(/^liteTokens/);
  });
});
