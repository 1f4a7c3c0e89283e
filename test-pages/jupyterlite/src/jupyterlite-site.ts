// Serves the JupyterLite site (the one jupyter-live-mcp ships, built by
// packages/jupyterlite-site) from a fresh temp copy per run, with prebuilt labextensions
// (the bridge, test-only ones) installed the way JupyterLite sites install them
// (copied into extensions/ and listed in jupyter-lite.json) and settings defaults
// written into jupyter-lite.json's settingsOverrides. Needs no Python and no network.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { installExtensions, json, readJson, type LiteConfigFile } from '@jupyter-live-mcp/jupyterlite-site/install-extensions';
import type { PluginSettings } from '@jupyter-live-mcp/jupyterlite-site/settings-listing';
import { requireBuiltSite } from '@jupyter-live-mcp/jupyterlite-site/site';

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

/**
 * JupyterLite sets each override as the default of a schema property and fails on
 * one the schema lacks, deep in the page: check them here instead.
 */
function checkSettings(settings: Record<string, unknown>, plugins: PluginSettings[]): Record<string, Record<string, unknown>> {
  const byId = new Map(plugins.map((plugin) => [plugin.id, plugin]));
  const checked: Record<string, Record<string, unknown>> = {};
  for (const [pluginId, values] of Object.entries(settings)) {
    const plugin = byId.get(pluginId);
    if (!plugin) {
      throw new Error(`settings: no plugin "${pluginId}" with a settings schema in the site or the given extensions`);
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

export async function startJupyterLiteSite(options: JupyterLiteSiteOptions = {}): Promise<JupyterLiteSite> {
  const builtSiteDir = await requireBuiltSite();
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
    const federatedSchemas = await installExtensions(siteDir, options.extensions ?? []);
    if (options.settings) {
      const siteFile = path.join(siteDir, 'jupyter-lite.json');
      const site = await readJson<LiteConfigFile>(siteFile);
      const config = site['jupyter-config-data'];
      const core = await readJson<PluginSettings[]>(path.join(siteDir, 'build', 'schemas', 'all.json'));
      config.settingsOverrides = {
        ...config.settingsOverrides,
        ...checkSettings(options.settings, [...core, ...federatedSchemas])
      };
      await writeFile(siteFile, json(site));
    }

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
