// JupyterLite's settings service reads the schemas of all plugins from one file,
// <settingsUrl>/all.json (and those of prebuilt extensions from all_federated.json),
// in the shape a Jupyter server's settings API returns them.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface PluginSettings {
  id: string;
  raw: string;
  schema: { properties?: Record<string, unknown> };
  settings: Record<string, unknown>;
  version: string;
}

/**
 * Lists the schemas in a folder laid out as builds write them:
 * <schemasDir>/<package name>/<plugin>.json, next to the package's package.json.orig.
 */
export async function settingsListing(schemasDir: string): Promise<PluginSettings[]> {
  const plugins: PluginSettings[] = [];
  const entries = await readdir(schemasDir, { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    const packageDir = entry.parentPath;
    if (!entry.isFile() || !entry.name.endsWith('.json') || packageDir === schemasDir) {
      continue;
    }
    const packageName = path.relative(schemasDir, packageDir).split(path.sep).join('/');
    const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json.orig'), 'utf8')) as { version: string };
    plugins.push({
      id: `${packageName}:${path.basename(entry.name, '.json')}`,
      raw: '{}',
      schema: JSON.parse(await readFile(path.join(packageDir, entry.name), 'utf8')) as PluginSettings['schema'],
      settings: {},
      version
    });
  }
  return plugins.sort((a, b) => a.id.localeCompare(b.id));
}
