import { mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { install, uninstall } from './install.js';
import { bridgeDir, bridgeSettingsFile, jupyterDataDir, jupyterFolders, jupyterPath, labSettingsDir } from './jupyter-paths.js';

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

  it("lists the data folders Jupyter searches in jupyter_core's order, the active Python environment's among them", () => {
    const system = ['/usr/local/share/jupyter', '/usr/share/jupyter'];
    expect(jupyterPath('/d', { env: {}, home, platform: 'linux' })).toEqual(['/d', '/home/ada/.local/share/jupyter', ...system]);
    const env = { JUPYTER_PATH: '/a:/b/', VIRTUAL_ENV: '/venv', PYTHONUSERBASE: '/pyuser' };
    expect(jupyterPath('/d', { env, home, platform: 'linux' })).toEqual([
      '/a',
      '/b',
      '/d',
      '/pyuser/share/jupyter',
      '/venv/share/jupyter',
      ...system
    ]);
    expect(jupyterPath('/d', { env: { ...env, JUPYTER_PREFER_ENV_PATH: '1' }, home, platform: 'linux' })).toEqual([
      '/a',
      '/b',
      '/venv/share/jupyter',
      '/d',
      '/pyuser/share/jupyter',
      ...system
    ]);
    expect(jupyterPath('/d', { env: { CONDA_PREFIX: '/conda', JUPYTER_PREFER_ENV_PATH: 'No' }, home, platform: 'linux' })).toEqual([
      '/d',
      '/home/ada/.local/share/jupyter',
      '/conda/share/jupyter',
      ...system
    ]);
  });

  it('lists a folder once, however it is spelt, and a system-wide environment where the system folders are', () => {
    expect(jupyterPath('/home/ada/.local/share/jupyter/', { env: { VIRTUAL_ENV: '/usr' }, home, platform: 'linux' })).toEqual([
      '/home/ada/.local/share/jupyter',
      '/usr/local/share/jupyter',
      '/usr/share/jupyter'
    ]);
  });

  it('searches the --data-dir given where Jupyter would search its own data dir', () => {
    const input = { env: { JUPYTER_DATA_DIR: '/jd', VIRTUAL_ENV: '/venv' }, home, platform: 'linux' as const };
    expect(jupyterFolders({ dataDir: '/given' }, input)).toEqual({
      dataDir: '/given',
      settingsDir: '/home/ada/.jupyter/lab/user-settings',
      dataPath: ['/given', '/home/ada/.local/share/jupyter', '/venv/share/jupyter', '/usr/local/share/jupyter', '/usr/share/jupyter']
    });
  });
});

async function fixture() {
  const root = await mkdtemp(path.join(tmpdir(), 'install-test-'));
  const source = path.join(root, 'built');
  await mkdir(path.join(source, 'static'), { recursive: true });
  await writeFile(path.join(source, 'package.json'), '{"name": "jupyter-live-mcp-bridge", "version": "0.1.0"}');
  await writeFile(path.join(source, 'static', 'remoteEntry.js'), '// bundle');
  const dataDir = path.join(root, 'data');
  // A Python environment's data folder, where pip puts the wheel's extension.
  const pipData = path.join(root, 'venv', 'share', 'jupyter');
  return {
    root,
    source,
    dataDir,
    pipData,
    dataPath: [dataDir, pipData],
    settingsDir: path.join(root, 'settings'),
    version: '0.1.0',
    uninstall: 'jupyter-live-mcp uninstall'
  };
}

/** The bridge as the wheel installs it in `dataFolder`: the extension and its install.json. */
async function pipInstall(dataFolder: string, version = '0.1.0'): Promise<string> {
  const dir = bridgeDir(dataFolder);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'jupyter-live-mcp-bridge', version }));
  await writeFile(path.join(dir, 'install.json'), JSON.stringify({ packageManager: 'python', packageName: 'jupyter-live-mcp-bridge' }));
  return dir;
}

describe('install and uninstall', () => {
  const token = 'a'.repeat(64);

  it('copies the bridge and writes the token into its settings, readable by the user only, keeping other settings', async () => {
    const plan = await fixture();
    const { dataDir, settingsDir } = plan;
    const file = bridgeSettingsFile(settingsDir);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ confirm: 'consequential' }));
    const { lines } = await install({ ...plan, token, serverUrl: 'ws://127.0.0.1:9000' });
    expect(await readFile(path.join(dataDir, 'labextensions', 'jupyter-live-mcp-bridge', 'static', 'remoteEntry.js'), 'utf8')).toBe(
      '// bundle'
    );
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ confirm: 'consequential', token, serverUrls: ['ws://127.0.0.1:9000'] });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(lines.join('\n')).toMatch(/To undo: jupyter-live-mcp uninstall/);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('says which settings it wrote, so uninstall removes just those', async () => {
    const plan = await fixture();
    const { settingsDir } = plan;
    expect(await install({ ...plan, token })).toMatchObject({
      settingsFile: bridgeSettingsFile(settingsDir),
      keys: ['token']
    });
    expect(await install({ ...plan, token, serverUrl: 'ws://127.0.0.1:9000' })).toMatchObject({
      keys: ['token', 'serverUrls']
    });
  });

  it("uninstall removes the extension and the settings install wrote, keeping the person's other bridge settings", async () => {
    const plan = await fixture();
    const { dataDir, settingsDir } = plan;
    const file = bridgeSettingsFile(settingsDir);
    const mine = { confirm: 'all', blockedCommands: ['terminal:*'], tools: [{ name: 'mine', command: 'x:y', description: 'd' }] };
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(mine));
    await install({ ...plan, token, serverUrl: 'ws://127.0.0.1:9000' });
    const lines = await uninstall({ ...plan, keys: ['token', 'serverUrls'] });
    await expect(stat(path.join(dataDir, 'labextensions', 'jupyter-live-mcp-bridge'))).rejects.toThrow();
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(mine);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(lines.join('\n')).toContain(`Removed the token and serverUrls from ${file}; your other bridge settings stay there`);
  });

  it('uninstall removes the settings file when nothing else is in it, and leaves a serverUrls install did not write', async () => {
    const plan = await fixture();
    const { settingsDir } = plan;
    const file = bridgeSettingsFile(settingsDir);
    await install({ ...plan, token, serverUrl: 'ws://127.0.0.1:9000' });
    expect((await uninstall({ ...plan, keys: ['token', 'serverUrls'] })).join('\n')).toContain(`Removed ${file}`);
    await expect(stat(file)).rejects.toThrow();

    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ serverUrls: ['ws://127.0.0.1:9001'] }));
    await install({ ...plan, token });
    await uninstall({ ...plan, keys: ['token'] });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ serverUrls: ['ws://127.0.0.1:9001'] });
  });

  it('uninstall leaves a hand-written settings file with comments alone, says what to do, and still removes the extension', async () => {
    const plan = await fixture();
    const { dataDir, settingsDir } = plan;
    await install({ ...plan, token });
    const file = bridgeSettingsFile(settingsDir);
    await writeFile(file, '{ // mine\n "token": "x" }');
    const lines = await uninstall({ ...plan, keys: ['token'] });
    expect(await readFile(file, 'utf8')).toContain('// mine');
    expect(lines.join('\n')).toContain(
      `${file} is not plain JSON (comments?), so it was left alone: remove the token in Settings → Agent bridge`
    );
    await expect(stat(path.join(dataDir, 'labextensions', 'jupyter-live-mcp-bridge'))).rejects.toThrow();
  });

  it('leaves a hand-written settings file with comments alone and says what to do', async () => {
    const plan = await fixture();
    const { settingsDir } = plan;
    const file = bridgeSettingsFile(settingsDir);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{ // mine\n "confirm": "all" }');
    await expect(install({ ...plan, token })).rejects.toThrow(/is not plain JSON .* Settings → Agent bridge/);
    expect(await readFile(file, 'utf8')).toContain('// mine');
  });

  it("replaces a token of the wrong shape, and names serverUrls of the wrong shape it leaves, keeping the person's other settings", async () => {
    const plan = await fixture();
    const file = bridgeSettingsFile(plan.settingsDir);
    await mkdir(path.dirname(file), { recursive: true });
    const mine = { confirm: 'all', serverUrls: ['http://127.0.0.1:9000'] };
    await writeFile(file, JSON.stringify({ ...mine, token: 'not-a-token' }));
    const { lines } = await install({ ...plan, token });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ ...mine, token });
    expect(lines).toContain(
      `serverUrls in ${file} is of the wrong shape (serverUrls.0: not a ws:// or wss:// URL), so the page ignores it and uses its ` +
        'default: correct it in Settings → Agent bridge (install --port <port> rewrites serverUrls).'
    );
    expect(lines.join('\n')).not.toMatch(/not-a-token|^token in/m);

    const rewritten = await install({ ...plan, token, serverUrl: 'ws://127.0.0.1:9000' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ confirm: 'all', token, serverUrls: ['ws://127.0.0.1:9000'] });
    expect(rewritten.lines.join('\n')).not.toContain('wrong shape');
  });

  it('leaves a settings file of JSON that is not an object alone', async () => {
    const plan = await fixture();
    const file = bridgeSettingsFile(plan.settingsDir);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '["mine"]');
    await expect(install({ ...plan, token })).rejects.toThrow(/is not plain JSON/);
    expect(await readFile(file, 'utf8')).toBe('["mine"]');
  });

  it('says what to do when the prebuilt bridge is missing', async () => {
    const plan = await fixture();
    await expect(install({ ...plan, source: '/nowhere', token })).rejects.toThrow(
      /prebuilt bridge is missing at \/nowhere; build the repo first/
    );
  });
});

describe('install and uninstall with a bridge pip installed', () => {
  const token = 'a'.repeat(64);

  it('only pairs a bridge pip installed in another data folder, says so, and takes out its own copy that would stand beside it', async () => {
    const plan = await fixture();
    await install({ ...plan, dataPath: [plan.dataDir], token });
    const pipDir = await pipInstall(plan.pipData);
    const { lines, keys } = await install({ ...plan, source: '/nowhere', token, serverUrl: 'ws://127.0.0.1:9000' });
    expect(lines).toEqual([
      `The bridge is installed by pip in ${pipDir}: left to pip, so only the pairing is written.`,
      `Removed the copy an earlier install made in ${bridgeDir(plan.dataDir)}, so JupyterLab loads pip's.`,
      `Wrote the pairing token and serverUrls into ${bridgeSettingsFile(plan.settingsDir)} (readable by you only)`,
      'Reload your JupyterLab or Notebook page to load the bridge.',
      'To undo: jupyter-live-mcp uninstall (the pairing), then pip uninstall jupyter-live-mcp-bridge'
    ]);
    expect(keys).toEqual(['token', 'serverUrls']);
    await expect(stat(bridgeDir(plan.dataDir))).rejects.toThrow();
    expect(JSON.parse(await readFile(path.join(pipDir, 'install.json'), 'utf8'))).toMatchObject({ packageManager: 'python' });
    expect(JSON.parse(await readFile(bridgeSettingsFile(plan.settingsDir), 'utf8'))).toEqual({
      token,
      serverUrls: ['ws://127.0.0.1:9000']
    });
  });

  it('never copies over a bridge pip installed in the data folder itself (pip install --user)', async () => {
    const plan = await fixture();
    const pipDir = await pipInstall(plan.dataDir);
    const { lines } = await install({ ...plan, token });
    expect(lines[0]).toBe(`The bridge is installed by pip in ${pipDir}: left to pip, so only the pairing is written.`);
    expect(lines.join('\n')).not.toMatch(/Copied|Removed/);
    expect(await readFile(path.join(pipDir, 'install.json'), 'utf8')).toContain('python');
    await expect(stat(path.join(pipDir, 'static'))).rejects.toThrow();
  });

  it('says what brings a pip-installed bridge of another version, or a broken one, to the server', async () => {
    const plan = await fixture();
    const pipDir = await pipInstall(plan.pipData, '0.0.9');
    expect((await install({ ...plan, token })).lines[1]).toBe(
      'It is version 0.0.9, and this server is 0.1.0: in its Python environment, run pip install ' +
        'packages/lab-bridge/dist/jupyter_live_mcp_bridge-0.1.0-py3-none-any.whl (in a clone of jupyter-live-mcp, after its build: the bridge is not on PyPI yet), ' +
        'or pip uninstall jupyter-live-mcp-bridge and then jupyter-live-mcp install (it copies the bridge this server ships).'
    );
    await writeFile(path.join(pipDir, 'package.json'), '{');
    expect((await install({ ...plan, token })).lines[1]).toBe(
      'That bridge is broken (its package.json has no version): in its Python environment, run pip install --force-reinstall ' +
        'packages/lab-bridge/dist/jupyter_live_mcp_bridge-0.1.0-py3-none-any.whl (in a clone of jupyter-live-mcp, after its build: the bridge is not on PyPI yet), ' +
        'or pip uninstall jupyter-live-mcp-bridge and then jupyter-live-mcp install (it copies the bridge this server ships).'
    );
  });

  it("a copy install did not recognise as pip's is copied over as before: install.json must name the python package manager", async () => {
    const plan = await fixture();
    const dir = await pipInstall(plan.pipData);
    await writeFile(path.join(dir, 'install.json'), JSON.stringify({ packageManager: 'npm' }));
    expect((await install({ ...plan, token })).lines[0]).toBe(`Copied the bridge extension to ${bridgeDir(plan.dataDir)}`);
  });

  it('uninstall leaves every bridge pip installed to pip, says so, and removes only the pairing install wrote', async () => {
    const plan = await fixture();
    const inData = await pipInstall(plan.dataDir);
    const inEnv = await pipInstall(plan.pipData);
    await install({ ...plan, token });
    const file = bridgeSettingsFile(plan.settingsDir);
    expect(await uninstall({ ...plan, keys: ['token'] })).toEqual([
      `The bridge in ${inData} was installed by pip, so it is left to pip: pip uninstall jupyter-live-mcp-bridge removes it.`,
      `The bridge in ${inEnv} was installed by pip, so it is left to pip: pip uninstall jupyter-live-mcp-bridge removes it.`,
      `Removed ${file}`,
      'Reload your Jupyter pages.'
    ]);
    for (const dir of [inData, inEnv]) {
      expect(await readFile(path.join(dir, 'package.json'), 'utf8')).toContain('0.1.0');
    }
  });

  it("uninstall removes install's copy beside a pip one, and says nothing of a copy that is not there", async () => {
    const plan = await fixture();
    await install({ ...plan, dataPath: [plan.dataDir], token });
    const pipDir = await pipInstall(plan.pipData);
    const lines = await uninstall({ ...plan, keys: ['token'] });
    expect(lines.slice(0, 2)).toEqual([
      `Removed ${bridgeDir(plan.dataDir)}`,
      `The bridge in ${pipDir} was installed by pip, so it is left to pip: pip uninstall jupyter-live-mcp-bridge removes it.`
    ]);
    await expect(stat(bridgeDir(plan.dataDir))).rejects.toThrow();
    expect((await uninstall({ ...plan, keys: ['token'] })).join('\n')).not.toContain(`Removed ${bridgeDir(plan.dataDir)}`);
  });
});
