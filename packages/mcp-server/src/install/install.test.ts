import { mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { install, uninstall } from './install.js';
import { bridgeSettingsFile, jupyterDataDir, labSettingsDir } from './jupyter-paths.js';

describe('where Jupyter keeps things', () => {
  const home = '/home/ada';
  it('finds the data dir as jupyter_core does', () => {
    expect(jupyterDataDir({ env: { JUPYTER_DATA_DIR: '/d' }, home, platform: 'linux' })).toBe('/d');
    expect(jupyterDataDir({ env: {}, home, platform: 'linux' })).toBe('/home/ada/.local/share/jupyter');
    expect(jupyterDataDir({ env: { XDG_DATA_HOME: '/x' }, home, platform: 'linux' })).toBe('/x/jupyter');
    expect(jupyterDataDir({ env: {}, home, platform: 'darwin' })).toBe('/home/ada/Library/Jupyter');
  });

  it('finds the JupyterLab user settings dir as jupyterlab_server does', () => {
    expect(labSettingsDir({ env: { JUPYTERLAB_SETTINGS_DIR: '/s' }, home, platform: 'linux' })).toBe('/s');
    expect(labSettingsDir({ env: { JUPYTER_CONFIG_DIR: '/c' }, home, platform: 'linux' })).toBe('/c/lab/user-settings');
    expect(labSettingsDir({ env: {}, home, platform: 'linux' })).toBe('/home/ada/.jupyter/lab/user-settings');
  });
});

async function fixture() {
  const root = await mkdtemp(path.join(tmpdir(), 'install-test-'));
  const source = path.join(root, 'built');
  await mkdir(path.join(source, 'static'), { recursive: true });
  await writeFile(path.join(source, 'package.json'), '{"name": "jupyter-live-mcp-bridge"}');
  await writeFile(path.join(source, 'static', 'remoteEntry.js'), '// bundle');
  return { source, dataDir: path.join(root, 'data'), settingsDir: path.join(root, 'settings') };
}

describe('install and uninstall', () => {
  const token = 'a'.repeat(64);

  it('copies the bridge and writes the token into its settings, readable by the user only, keeping other settings', async () => {
    const { source, dataDir, settingsDir } = await fixture();
    const file = bridgeSettingsFile(settingsDir);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ confirm: 'consequential' }));
    const { lines } = await install({ source, dataDir, settingsDir, token, serverUrl: 'ws://127.0.0.1:9000' });
    expect(await readFile(path.join(dataDir, 'labextensions', 'jupyter-live-mcp-bridge', 'static', 'remoteEntry.js'), 'utf8')).toBe(
      '// bundle'
    );
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ confirm: 'consequential', token, serverUrls: ['ws://127.0.0.1:9000'] });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(lines.join('\n')).toMatch(/To undo: jupyter-live-mcp uninstall/);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('says which settings it wrote, so uninstall removes just those', async () => {
    const { source, dataDir, settingsDir } = await fixture();
    expect(await install({ source, dataDir, settingsDir, token })).toMatchObject({
      settingsFile: bridgeSettingsFile(settingsDir),
      keys: ['token']
    });
    expect(await install({ source, dataDir, settingsDir, token, serverUrl: 'ws://127.0.0.1:9000' })).toMatchObject({
      keys: ['token', 'serverUrls']
    });
  });

  it("uninstall removes the extension and the settings install wrote, keeping the person's other bridge settings", async () => {
    const { source, dataDir, settingsDir } = await fixture();
    const file = bridgeSettingsFile(settingsDir);
    const mine = { confirm: 'all', blockedCommands: ['terminal:*'], tools: [{ name: 'mine', command: 'x:y', description: 'd' }] };
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(mine));
    await install({ source, dataDir, settingsDir, token, serverUrl: 'ws://127.0.0.1:9000' });
    const lines = await uninstall(dataDir, settingsDir, ['token', 'serverUrls']);
    await expect(stat(path.join(dataDir, 'labextensions', 'jupyter-live-mcp-bridge'))).rejects.toThrow();
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(mine);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(lines.join('\n')).toContain(`Removed the token and serverUrls from ${file}; your other bridge settings stay there`);
  });

  it('uninstall removes the settings file when nothing else is in it, and leaves a serverUrls install did not write', async () => {
    const { source, dataDir, settingsDir } = await fixture();
    const file = bridgeSettingsFile(settingsDir);
    await install({ source, dataDir, settingsDir, token, serverUrl: 'ws://127.0.0.1:9000' });
    expect((await uninstall(dataDir, settingsDir, ['token', 'serverUrls'])).join('\n')).toContain(`Removed ${file}`);
    await expect(stat(file)).rejects.toThrow();

    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ serverUrls: ['ws://127.0.0.1:9001'] }));
    await install({ source, dataDir, settingsDir, token });
    await uninstall(dataDir, settingsDir, ['token']);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ serverUrls: ['ws://127.0.0.1:9001'] });
  });

  it('uninstall leaves a hand-written settings file with comments alone, says what to do, and still removes the extension', async () => {
    const { source, dataDir, settingsDir } = await fixture();
    await install({ source, dataDir, settingsDir, token });
    const file = bridgeSettingsFile(settingsDir);
    await writeFile(file, '{ // mine\n "token": "x" }');
    const lines = await uninstall(dataDir, settingsDir, ['token']);
    expect(await readFile(file, 'utf8')).toContain('// mine');
    expect(lines.join('\n')).toContain(
      `${file} is not plain JSON (comments?), so it was left alone: remove the token in Settings → Agent bridge`
    );
    await expect(stat(path.join(dataDir, 'labextensions', 'jupyter-live-mcp-bridge'))).rejects.toThrow();
  });

  it('leaves a hand-written settings file with comments alone and says what to do', async () => {
    const { source, dataDir, settingsDir } = await fixture();
    const file = bridgeSettingsFile(settingsDir);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{ // mine\n "confirm": "all" }');
    await expect(install({ source, dataDir, settingsDir, token })).rejects.toThrow(/is not plain JSON .* Settings → Agent bridge/);
    expect(await readFile(file, 'utf8')).toContain('// mine');
  });

  it('says what to do when the prebuilt bridge is missing', async () => {
    const { dataDir, settingsDir } = await fixture();
    await expect(install({ source: '/nowhere', dataDir, settingsDir, token })).rejects.toThrow(
      /prebuilt bridge is missing at \/nowhere; build the repo first/
    );
  });
});
