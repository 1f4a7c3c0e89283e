import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  configDir,
  forgetSettingsFile,
  installedKeys,
  loadLiteToken,
  loadToken,
  rememberSettingsFile,
  settingsFiles,
  tokenFile,
  writeToken
} from './pairing-token.js';

const env = async () => ({ JUPYTER_LIVE_MCP_CONFIG_DIR: path.join(await mkdtemp(path.join(tmpdir(), 'token-test-')), 'config') });

describe('the pairing token file', () => {
  it('is created on first use with a 256-bit token, readable by the user only', async () => {
    const e = await env();
    const token = await loadToken(e);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(tokenFile(e))).mode & 0o777).toBe(0o600);
    expect((await stat(configDir(e))).mode & 0o777).toBe(0o700);
    expect(await loadToken(e)).toBe(token);
  });

  it('is replaced by writeToken (token --rotate)', async () => {
    const e = await env();
    const first = await loadToken(e);
    await writeToken('c'.repeat(64), e);
    expect(await loadToken(e)).toBe('c'.repeat(64));
    expect(first).not.toBe('c'.repeat(64));
    expect(JSON.parse(await readFile(tokenFile(e), 'utf8'))).toEqual({ token: 'c'.repeat(64) });
  });

  it("keeps a lite page's own token per port, apart from the pairing token, until a rotation", async () => {
    const e = await env();
    const pairing = await loadToken(e);
    const lite = await loadLiteToken(8768, e);
    expect(lite).toMatch(/^[0-9a-f]{64}$/);
    expect(lite).not.toBe(pairing);
    expect(await loadLiteToken(8768, e)).toBe(lite);
    expect(await loadLiteToken(9000, e)).not.toBe(lite);
    expect(await loadLiteToken(0, e)).not.toBe(await loadLiteToken(0, e));
    expect(await loadToken(e)).toBe(pairing);
    await writeToken('c'.repeat(64), e);
    expect(await loadLiteToken(8768, e)).not.toBe(lite);
  });

  it('says how to fix a damaged file, without printing its content', async () => {
    const e = await env();
    await loadToken(e);
    await writeFile(tokenFile(e), '{"token": "not-a-token-but-a-secret"}');
    await expect(loadToken(e)).rejects.toThrow(/holds no valid pairing token .* Run jupyter-live-mcp token --rotate/);
    await expect(loadToken(e)).rejects.not.toThrow(/not-a-token-but-a-secret/);
  });

  it('says how to fix a file it cannot read', async () => {
    const e = await env();
    await mkdir(tokenFile(e), { recursive: true, mode: 0o700 });
    await chmod(configDir(e), 0o700);
    await expect(loadToken(e)).rejects.toThrow(
      `cannot read the pairing token file ${tokenFile(e)}: EISDIR: illegal operation on a directory, read. Make it a file readable by you (chmod 600 ${tokenFile(e)}), then try again.`
    );
  });

  it('says how to fix a file that is not JSON', async () => {
    const e = await env();
    await loadToken(e);
    await writeFile(tokenFile(e), '{"token": ');
    await expect(loadToken(e)).rejects.toThrow(
      `${tokenFile(e)} holds no valid pairing token (64 hex digits under "token"). Run jupyter-live-mcp token --rotate to write a new one.`
    );
  });

  it('refuses a damaged file with what is wrong and what to do, and token --rotate repairs it keeping what is valid', async () => {
    const e = await env();
    const token = await loadToken(e);
    const kept = { token, settingsFiles: '/s/plugin.jupyterlab-settings', later: 'kept' };
    await writeFile(tokenFile(e), JSON.stringify(kept));
    const damaged = new RegExp(`^${tokenFile(e)} is damaged \\(settingsFiles: .*expected array.*\\)\\. .*jupyter-live-mcp token --rotate`);
    await expect(loadToken(e)).rejects.toThrow(damaged);
    await expect(settingsFiles(e)).rejects.toThrow(damaged);
    await expect(rememberSettingsFile('/t/plugin.jupyterlab-settings', ['token'], e)).rejects.toThrow(damaged);
    await expect(loadLiteToken(8768, e)).rejects.toThrow(damaged);
    await writeToken('c'.repeat(64), e);
    expect(JSON.parse(await readFile(tokenFile(e), 'utf8'))).toEqual({ token: 'c'.repeat(64), later: 'kept' });
    expect(await settingsFiles(e)).toEqual([]);
  });

  it('remembers the settings files install wrote and the keys it set in each, until uninstall forgets them', async () => {
    const e = await env();
    const [a, b] = ['/a/plugin.jupyterlab-settings', '/b/plugin.jupyterlab-settings'];
    await loadToken(e);
    expect(await installedKeys(a, e)).toEqual(['token']);
    await rememberSettingsFile(a, ['token', 'serverUrls'], e);
    await rememberSettingsFile(a, ['token'], e);
    await rememberSettingsFile(b, ['token'], e);
    expect(await settingsFiles(e)).toEqual([a, b]);
    expect(await installedKeys(a, e)).toEqual(['token', 'serverUrls']);
    await forgetSettingsFile(a, e);
    expect(await settingsFiles(e)).toEqual([b]);
    expect(await installedKeys(a, e)).toEqual(['token']);
    expect(await installedKeys(b, e)).toEqual(['token']);
  });

  it('never writes through a file planted in the config folder: its temporary file has a name nobody can guess, made anew', async () => {
    const e = await env();
    await loadToken(e);
    const victim = path.join(path.dirname(configDir(e)), 'victim');
    await writeFile(victim, 'precious');
    await symlink(victim, `${tokenFile(e)}.${process.pid}.tmp`);
    await writeToken('c'.repeat(64), e);
    expect(await readFile(victim, 'utf8')).toBe('precious');
    expect((await lstat(tokenFile(e))).isFile()).toBe(true);
    expect((await stat(tokenFile(e))).mode & 0o777).toBe(0o600);
    expect(await loadToken(e)).toBe('c'.repeat(64));
    expect((await readdir(configDir(e))).filter((name) => name.endsWith('.tmp'))).toEqual([`config.json.${process.pid}.tmp`]);
  });

  it.skipIf(process.platform === 'win32')(
    'refuses a token file others can read, saying to rotate it, and token --rotate writes a private one',
    async () => {
      const e = await env();
      await loadToken(e);
      await chmod(tokenFile(e), 0o644);
      const refusal = `${tokenFile(e)} can be read by other users (mode 0644), so they may know the pairing token. Run jupyter-live-mcp token --rotate`;
      await expect(loadToken(e)).rejects.toThrow(refusal);
      await expect(loadLiteToken(8768, e)).rejects.toThrow(refusal);
      await expect(settingsFiles(e)).rejects.toThrow(refusal);
      await writeToken('c'.repeat(64), e);
      expect((await stat(tokenFile(e))).mode & 0o777).toBe(0o600);
      expect(await loadToken(e)).toBe('c'.repeat(64));
    }
  );

  it.skipIf(process.platform === 'win32')(
    'refuses a config folder others can write to, for reading and for writing, saying what to do',
    async () => {
      const e = await env();
      await loadToken(e);
      await chmod(configDir(e), 0o777);
      const refusal = `${configDir(e)} can be written by other users (mode 0777), so they could replace the pairing token. Run chmod 700 ${configDir(e)}, then jupyter-live-mcp token --rotate`;
      await expect(loadToken(e)).rejects.toThrow(refusal);
      await expect(writeToken('c'.repeat(64), e)).rejects.toThrow(refusal);
      await chmod(configDir(e), 0o700);
      await writeToken('c'.repeat(64), e);
      expect(await loadToken(e)).toBe('c'.repeat(64));
    }
  );

  it('lives under XDG_CONFIG_HOME by default', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x' })).toBe('/x/jupyter-live-mcp');
  });
});
