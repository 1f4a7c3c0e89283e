/**
 * What another user may plant where the token goes, on real files in temporary
 * folders: links, files and folders others can write, FIFOs, a folder in the
 * settings file's place, JSON nested past any setting. install, uninstall,
 * token --rotate (writeBridgeSettings) and doctor refuse each with the fix,
 * at once, and write nothing through it.
 */
import { execFileSync } from 'node:child_process';
import { chmod, chown, link, lstat, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSettingsFacts, readTokenFacts } from '../doctor/local-setup.js';
import { loadToken, tokenFile } from '../pairing/pairing-token.js';
import { install, uninstall, writeBridgeSettings } from './install.js';
import { bridgeDir, bridgeSettingsFile } from './jupyter-paths.js';

const TOKEN = 'a'.repeat(64);

async function fixture() {
  const root = await mkdtemp(path.join(tmpdir(), 'planted-test-'));
  const source = path.join(root, 'built');
  await mkdir(source);
  await writeFile(path.join(source, 'package.json'), '{"name": "jupyter-live-mcp-bridge", "version": "0.1.0"}');
  const dataDir = path.join(root, 'data');
  const settingsDir = path.join(root, 'settings');
  const file = bridgeSettingsFile(settingsDir);
  await mkdir(path.dirname(file), { recursive: true });
  const plan = {
    source,
    dataDir,
    dataPath: [dataDir],
    settingsDir,
    token: TOKEN,
    version: '0.1.0',
    uninstall: 'jupyter-live-mcp uninstall'
  };
  return { root, file, plan };
}

const copied = (dataDir: string) =>
  stat(bridgeDir(dataDir)).then(
    () => true,
    () => false
  );

describe('a settings file another user planted', () => {
  it('a link in a world-writable folder: install refuses it, writes nothing through it, copies nothing', async () => {
    const { root, file, plan } = await fixture();
    await chmod(path.dirname(file), 0o777);
    const theirs = path.join(root, 'theirs.json');
    await writeFile(theirs, '{}');
    await symlink(theirs, file);
    await expect(install(plan)).rejects.toThrow(`${file} is a symbolic link, and the pairing token is never written through one`);
    await expect(writeBridgeSettings(file, { token: TOKEN })).rejects.toThrow(/symbolic link.*Remove the link \(rm /);
    expect(await readSettingsFacts(plan.settingsDir)).toMatchObject({ state: 'refused', detail: expect.stringMatching(/symbolic link/) });
    // Without the link, the folder is still one others could plant it in again.
    await rm(file);
    await expect(install(plan)).rejects.toThrow(/can be written by other users \(mode 0777\).*Run chmod go-w/);
    expect(await readFile(theirs, 'utf8')).toBe('{}');
    expect(await copied(plan.dataDir)).toBe(false);
  });

  it('a second name for the file (a hard link) never receives the token: the file is replaced, not written into', async () => {
    const { root, file, plan } = await fixture();
    await writeFile(file, '{"confirm": "all"}', { mode: 0o600 });
    const alias = path.join(root, 'alias.json');
    await link(file, alias);
    await install(plan);
    expect(await readFile(alias, 'utf8')).toBe('{"confirm": "all"}');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ confirm: 'all', token: TOKEN });
    expect((await lstat(file)).mode & 0o777).toBe(0o600);
  });

  it('a 0666 file holding the token in a 0777 folder: doctor, install and token --rotate refuse it with the fix', async () => {
    const { file, plan } = await fixture();
    await writeFile(file, JSON.stringify({ token: TOKEN }));
    await chmod(file, 0o666);
    await chmod(path.dirname(file), 0o777);
    const facts = await readSettingsFacts(plan.settingsDir);
    expect(facts).toMatchObject({
      state: 'refused',
      detail: `${file} can be read by other users (mode 0666), and it holds a pairing token`
    });
    expect(facts).toMatchObject({ fix: expect.stringContaining(`Run chmod 600 ${file}, then run jupyter-live-mcp token --rotate`) });
    await expect(install(plan)).rejects.toThrow(/mode 0666/);
    await expect(writeBridgeSettings(file, { token: 'b'.repeat(64) })).rejects.toThrow(/mode 0666/);
    // With the file fixed, the folder is still refused.
    await chmod(file, 0o600);
    await expect(install(plan)).rejects.toThrow(`${path.dirname(file)} can be written by other users (mode 0777)`);
    await chmod(path.dirname(file), 0o755);
    await install(plan);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('a file JupyterLab wrote (0644, no token yet) is fine: it is replaced by one readable by the person only', async () => {
    const { file, plan } = await fixture();
    await writeFile(file, '{"confirm": "all"}', { mode: 0o644 });
    await chmod(file, 0o644);
    expect(await readSettingsFacts(plan.settingsDir)).toMatchObject({ state: 'ok', token: '' });
    await install(plan);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});

describe('what is not a regular file', () => {
  it('a FIFO as the settings file: install, uninstall, token --rotate and doctor refuse it at once', async () => {
    const { file, plan } = await fixture();
    execFileSync('mkfifo', [file]);
    const started = performance.now();
    await expect(install(plan)).rejects.toThrow(`${file} is a FIFO (named pipe), not a regular file. Move it away`);
    await expect(uninstall({ ...plan, keys: ['token'] })).rejects.toThrow(/FIFO/);
    await expect(writeBridgeSettings(file, { token: TOKEN })).rejects.toThrow(/FIFO/);
    expect(await readSettingsFacts(plan.settingsDir)).toMatchObject({ state: 'refused', detail: expect.stringMatching(/FIFO/) });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await copied(plan.dataDir)).toBe(false);
  });

  it('a FIFO as config.json: the token commands and doctor refuse it at once', async () => {
    const { root } = await fixture();
    const env = { JUPYTER_LIVE_MCP_CONFIG_DIR: path.join(root, 'config') };
    await mkdir(env.JUPYTER_LIVE_MCP_CONFIG_DIR, { mode: 0o700 });
    execFileSync('mkfifo', [tokenFile(env)]);
    const started = performance.now();
    await expect(loadToken(env)).rejects.toThrow(`${tokenFile(env)} is a FIFO (named pipe), not a regular file`);
    expect(await readTokenFacts(tokenFile(env))).toMatchObject({ state: 'refused', fix: expect.stringMatching(/token --rotate/) });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a folder where the settings file goes: a clear message, and the bridge is not copied', async () => {
    const { file, plan } = await fixture();
    await mkdir(file);
    await expect(install(plan)).rejects.toThrow(
      `${file} is a folder, not a regular file. Move it away (it must be a plain file, or absent)`
    );
    expect(await copied(plan.dataDir)).toBe(false);
  });
});

describe('settings JSON nested past any setting', () => {
  it('is refused with a sentence, not a stack overflow', async () => {
    const { file, plan } = await fixture();
    const depth = 100_000;
    await writeFile(file, `{"tools": ${'['.repeat(depth)}${']'.repeat(depth)}}`, { mode: 0o600 });
    await expect(install(plan)).rejects.toThrow(`${file} nests deeper than 100 levels, far more than any bridge setting`);
    expect(await copied(plan.dataDir)).toBe(false);
    expect(await readSettingsFacts(plan.settingsDir)).toMatchObject({ state: 'refused' });
  });
});

describe('the folders above the files', () => {
  const asRoot = process.platform !== 'win32' && process.getuid?.() === 0;

  it.skipIf(process.platform === 'win32')(
    'a folder further up that others can write (not sticky): doctor and install refuse the settings, naming it; a sticky one is fine',
    async () => {
      const { root, file, plan } = await fixture();
      await writeFile(file, JSON.stringify({ token: TOKEN }), { mode: 0o600 });
      // The settings file's own folder is fine; the one holding the settings folder is not.
      await chmod(plan.settingsDir, 0o777);
      const refusal = `${plan.settingsDir} can be written by other users (mode 0777), so they could put a link or a file of theirs where ${file} goes`;
      expect(await readSettingsFacts(plan.settingsDir)).toMatchObject({
        state: 'refused',
        detail: refusal,
        fix: `Run chmod go-w ${plan.settingsDir}, then run jupyter-live-mcp token --rotate (they may know the token) and reload your Jupyter pages.`
      });
      await expect(install(plan)).rejects.toThrow(refusal);
      expect(await copied(plan.dataDir)).toBe(false);
      // Sticky, as /tmp: others cannot rename what is not theirs.
      await chmod(plan.settingsDir, 0o1777);
      expect(await readSettingsFacts(plan.settingsDir)).toMatchObject({ state: 'ok', token: TOKEN });
      await chmod(root, 0o700);
    }
  );

  it.skipIf(process.platform === 'win32')(
    'a config folder others can write: doctor says what the server would refuse, with the fix',
    async () => {
      const { root } = await fixture();
      const env = { JUPYTER_LIVE_MCP_CONFIG_DIR: path.join(root, 'config') };
      await loadToken(env);
      expect(await readTokenFacts(tokenFile(env))).toMatchObject({ state: 'ok' });
      await chmod(env.JUPYTER_LIVE_MCP_CONFIG_DIR, 0o777);
      const facts = await readTokenFacts(tokenFile(env));
      expect(facts).toMatchObject({
        state: 'refused',
        detail: `${env.JUPYTER_LIVE_MCP_CONFIG_DIR} can be written by other users (mode 0777), so they could replace the pairing token`,
        fix: `Run chmod 700 ${env.JUPYTER_LIVE_MCP_CONFIG_DIR}, then jupyter-live-mcp token --rotate and reload your Jupyter pages.`
      });
      await expect(loadToken(env)).rejects.toThrow(`${'detail' in facts ? facts.detail : ''}. Run chmod 700`);
      // Further up, not sticky: named with chmod go-w.
      await chmod(env.JUPYTER_LIVE_MCP_CONFIG_DIR, 0o700);
      await chmod(root, 0o777);
      expect(await readTokenFacts(tokenFile(env))).toMatchObject({
        state: 'refused',
        fix: expect.stringMatching(`^Run chmod go-w ${root},`)
      });
      await chmod(root, 0o700);
    }
  );

  it.runIf(asRoot)("a folder of another user's: refused, naming its owner", async () => {
    const { file, plan } = await fixture();
    await writeFile(file, JSON.stringify({ token: TOKEN }), { mode: 0o600 });
    await chown(plan.settingsDir, 4242, 4242);
    expect(await readSettingsFacts(plan.settingsDir)).toMatchObject({
      state: 'refused',
      detail: `${plan.settingsDir} belongs to another user (uid 4242), who could put a link or a file of theirs where ${file} goes`
    });
    await expect(install(plan)).rejects.toThrow('belongs to another user (uid 4242)');
  });
});
