// Serves the JupyterLite site (built into ../build/site) from a fresh temp copy per
// run, with prebuilt labextensions installed the way JupyterLite sites install them
// (copied into extensions/ and listed in jupyter-lite.json) and settings defaults
// written into jupyter-lite.json's settingsOverrides. Needs no Python and no network.
import { access, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { FederatedExtension } from '../../jupyterlab/app/federation.js';
import { settingsListing, type PluginSettings } from './settings-listing.js';
import { serveStatic } from './static-server.js';

export interface JupyterLiteSiteOptions {
  /** Port to listen on (127.0.0.1); 0 or undefined picks a free one. */
  port?: number;
  /** Folders of built prebuilt labextensions (each has a package.json) to install. */
  extensions?: string[];
  /**
   * Settings defaults by plugin id, e.g. {'jupyter-live-mcp-bridge:plugin': {port: 1234}}.
   * Each setting must be a property of the plugin's schema.
   */
  settings?: Record<string, unknown>;
  /** Receives what the site does: where it is served from, failed requests. */
  log?: (line: string) => void;
}

export interface JupyterLiteSite {
  /** The Lab UI, e.g. http://127.0.0.1:PORT/lab/ */
  url: string;
  /** The Notebook UI's notebook page; add ?path=<notebook> to open one. */
  notebooksUrl: string;
  /** The Notebook UI's file browser. */
  treeUrl: string;
  /** Stops serving and removes the temp copy of the site. */
  stop(): Promise<void>;
}

const pageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtSiteDir = path.join(pageDir, 'build', 'site');
const buildCommand = 'scripts/pnpm --filter @jupyter-live-mcp/test-page-jupyterlite build';

interface LiteConfigFile {
  'jupyter-config-data': {
    federated_extensions: FederatedExtension[];
    settingsOverrides: Record<string, Record<string, unknown>>;
  } & Record<string, unknown>;
}

interface ExtensionManifest {
  name?: unknown;
  jupyterlab?: { _build?: Partial<Omit<FederatedExtension, 'name'>> };
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

const exists = (file: string) => access(file).then(() => true, () => false);

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

/** Copies a built extension into <site>/extensions/<name>; returns its federated entry and schemas. */
interface InstalledExtension {
  entry: FederatedExtension;
  schemas: PluginSettings[];
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
 * JupyterLite sets each override as the default of a schema property and fails on
 * one the schema lacks, deep in the page: check them here instead.
 */
function checkSettings(
  settings: Record<string, unknown>,
  plugins: PluginSettings[]
): Record<string, Record<string, unknown>> {
  const byId = new Map(plugins.map(plugin => [plugin.id, plugin]));
  const checked: Record<string, Record<string, unknown>> = {};
  for (const [pluginId, values] of Object.entries(settings)) {
    const plugin = byId.get(pluginId);
    if (!plugin) {
      throw new Error(
        `settings: no plugin "${pluginId}" with a settings schema in the site or the given extensions`
      );
    }
    if (typeof values !== 'object' || values === null || Array.isArray(values)) {
      throw new Error(`settings["${pluginId}"]: expected an object of setting name -> value`);
    }
    const properties = plugin.schema.properties ?? {};
    for (const key of Object.keys(values)) {
      if (!(key in properties)) {
        throw new Error(
          `settings["${pluginId}"].${key}: the plugin's schema has no such setting (it has: ${Object.keys(properties).join(', ') || 'none'})`
        );
      }
    }
    checked[pluginId] = values as Record<string, unknown>;
  }
  return checked;
}

export async function startJupyterLiteSite(
  options: JupyterLiteSiteOptions = {}
): Promise<JupyterLiteSite> {
  const siteConfigFile = path.join(builtSiteDir, 'jupyter-lite.json');
  if (!(await exists(siteConfigFile))) {
    throw new Error(
      `The JupyterLite site is not built (${siteConfigFile} is missing). From the repo root, run: ${buildCommand}`
    );
  }
  const log = options.log ?? (() => {});
  const tempDir = await mkdtemp(path.join(tmpdir(), 'jupyterlite-site-'));
  const siteDir = path.join(tempDir, 'site');
  let close: (() => Promise<void>) | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await close?.();
      await rm(tempDir, { recursive: true, force: true, maxRetries: 3 });
    })();
    return stopping;
  };

  try {
    await cp(builtSiteDir, siteDir, { recursive: true });
    const installed: InstalledExtension[] = [];
    for (const extension of options.extensions ?? []) {
      installed.push(await installExtension(path.resolve(extension), siteDir));
    }
    const federatedSchemas = installed.flatMap(extension => extension.schemas);
    const schemasDir = path.join(siteDir, 'build', 'schemas');
    await writeFile(path.join(schemasDir, 'all_federated.json'), json(federatedSchemas));

    const siteFile = path.join(siteDir, 'jupyter-lite.json');
    const site = await readJson<LiteConfigFile>(siteFile);
    const config = site['jupyter-config-data'];
    config.federated_extensions = installed.map(extension => extension.entry);
    if (options.settings) {
      const core = await readJson<PluginSettings[]>(path.join(schemasDir, 'all.json'));
      config.settingsOverrides = {
        ...config.settingsOverrides,
        ...checkSettings(options.settings, [...core, ...federatedSchemas])
      };
    }
    await writeFile(siteFile, json(site));

    const server = await serveStatic(siteDir, options.port ?? 0, log);
    close = server.close;
    log(`JupyterLite site (${siteDir}) served at ${server.url}`);
    return {
      url: `${server.url}lab/`,
      notebooksUrl: `${server.url}notebooks/`,
      treeUrl: `${server.url}tree/`,
      stop
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
