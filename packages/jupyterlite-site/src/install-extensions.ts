// Installs prebuilt labextensions into a JupyterLite site folder the way JupyterLite
// sites install them: each copied into extensions/<name>, listed in the site's
// jupyter-lite.json federated_extensions, its settings schemas in all_federated.json.
import { access, cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { FederatedExtension } from '../app-common/federation.js';
import { settingsListing, type PluginSettings } from './settings-listing.js';

export interface LiteConfigFile {
  'jupyter-config-data': {
    federated_extensions: FederatedExtension[];
    settingsOverrides: Record<string, Record<string, unknown>>;
  } & Record<string, unknown>;
}

interface ExtensionManifest {
  name?: unknown;
  jupyterlab?: { _build?: Partial<Omit<FederatedExtension, 'name'>> };
}

interface InstalledExtension {
  entry: FederatedExtension;
  schemas: PluginSettings[];
}

export const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false
  );

export async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

async function installExtension(extensionDir: string, siteDir: string): Promise<InstalledExtension> {
  const manifestFile = path.join(extensionDir, 'package.json');
  let manifest: ExtensionManifest;
  try {
    manifest = await readJson<ExtensionManifest>(manifestFile);
  } catch (error) {
    throw new Error(
      `${extensionDir} is not a built labextension folder (${manifestFile}: ${(error as Error).message}). Run the build first.`
    );
  }
  const build = manifest.jupyterlab?._build;
  if (typeof manifest.name !== 'string' || typeof build?.load !== 'string') {
    throw new Error(
      `${manifestFile} has no name or no jupyterlab._build.load: it is not the output of build-labextension. Run the build first.`
    );
  }
  const name = manifest.name;
  await cp(extensionDir, path.join(siteDir, 'extensions', name), { recursive: true });
  const schemasDir = path.join(extensionDir, 'schemas');
  return {
    entry: {
      name,
      load: build.load,
      ...(build.extension ? { extension: build.extension } : {}),
      ...(build.mimeExtension ? { mimeExtension: build.mimeExtension } : {}),
      ...(build.style ? { style: build.style } : {})
    },
    schemas: (await exists(schemasDir)) ? await settingsListing(schemasDir) : []
  };
}

/**
 * Installs the built labextension folders (each has a package.json) into the site at
 * `siteDir`, replacing any installed before; returns their settings schemas.
 */
export async function installExtensions(siteDir: string, extensionDirs: string[]): Promise<PluginSettings[]> {
  const installed: InstalledExtension[] = [];
  for (const extension of extensionDirs) {
    installed.push(await installExtension(path.resolve(extension), siteDir));
  }
  const schemas = installed.flatMap((extension) => extension.schemas);
  await writeFile(path.join(siteDir, 'build', 'schemas', 'all_federated.json'), json(schemas));
  const siteFile = path.join(siteDir, 'jupyter-lite.json');
  const site = await readJson<LiteConfigFile>(siteFile);
  site['jupyter-config-data'].federated_extensions = installed.map((extension) => extension.entry);
  await writeFile(siteFile, json(site));
  return schemas;
}
