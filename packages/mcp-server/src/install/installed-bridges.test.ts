import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeInstall, findInstalledBridges, readInstalledBridge } from './installed-bridges.js';
import { bridgeDir } from './jupyter-paths.js';

async function bridgeIn(folder: string, files: Record<string, string>): Promise<string> {
  const dir = bridgeDir(folder);
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(dir, name), text);
  }
  return dir;
}

const PACKAGE = JSON.stringify({ name: 'jupyter-live-mcp-bridge', version: '0.1.0' });
const PIP = JSON.stringify({ packageManager: 'python', packageName: 'jupyter-live-mcp-bridge' });

describe('the installed bridges', () => {
  it('tells a bridge pip installed (install.json names the python package manager) from a copy', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'bridges-'));
    const pip = await bridgeIn(path.join(root, 'venv'), { 'package.json': PACKAGE, 'install.json': PIP });
    const copy = await bridgeIn(path.join(root, 'copy'), { 'package.json': PACKAGE });
    const npm = await bridgeIn(path.join(root, 'npm'), { 'package.json': PACKAGE, 'install.json': '{"packageManager": "npm"}' });
    const garbled = await bridgeIn(path.join(root, 'garbled'), { 'package.json': PACKAGE, 'install.json': '{' });
    expect(await readInstalledBridge(pip)).toEqual({ dir: pip, by: 'pip', state: 'ok', version: '0.1.0' });
    for (const dir of [copy, npm, garbled]) {
      expect(await readInstalledBridge(dir)).toEqual({ dir, by: 'copy', state: 'ok', version: '0.1.0' });
    }
  });

  it('reports a bridge without a readable version as broken, and a folder without package.json as no bridge', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'bridges-'));
    const broken = await bridgeIn(path.join(root, 'broken'), { 'package.json': '{"name": "x"}', 'install.json': PIP });
    expect(await readInstalledBridge(broken)).toEqual({
      dir: broken,
      by: 'pip',
      state: 'broken',
      error: 'its package.json has no version'
    });
    expect(await readInstalledBridge(await bridgeIn(path.join(root, 'empty'), {}))).toBeUndefined();
    expect(await readInstalledBridge(path.join(root, 'nowhere'))).toBeUndefined();
  });

  it("finds them in the data folders' order and says how each was installed", async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'bridges-'));
    const pip = await bridgeIn(path.join(root, 'venv'), { 'package.json': PACKAGE, 'install.json': PIP });
    const copy = await bridgeIn(path.join(root, 'data'), { 'package.json': PACKAGE });
    const found = await findInstalledBridges([path.join(root, 'venv'), path.join(root, 'none'), path.join(root, 'data')]);
    expect(found.map(describeInstall)).toEqual([`installed by pip in ${pip}`, `copied into ${copy}`]);
  });
});
