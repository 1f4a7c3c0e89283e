// Starts a JupyterLab 4.0 or Notebook 7.2 app the way those releases' own pages do:
// the app is made with its mime extensions, then the plugins are registered and it
// starts (the plugin registry and service-manager plugins of the newer pages'
// app-common/start-app.ts came with JupyterLab 4.4/4.5).
import type { JupyterFrontEnd, JupyterFrontEndPlugin } from '@jupyterlab/application';
import { PageConfig } from '@jupyterlab/coreutils';
import type { IRenderMime } from '@jupyterlab/rendermime-interfaces';

import type { FederatedExtension } from '../../../packages/jupyterlite-site/app-common/federation.ts';

export type Plugin = JupyterFrontEndPlugin<unknown>;

/** An extension package: its lazy import, and which of its plugins the page takes. */
export interface ExtensionSource {
  name: string;
  load(): Promise<unknown>;
  /** Every plugin it exports, or only these ids (ids this release lacks are skipped). */
  plugins: true | readonly string[];
}

export interface OlderAppOptions {
  extensions: ExtensionSource[];
  mimeExtensions: ExtensionSource[];
  federated: FederatedExtension[];
  /** Whether the app can run this plugin (default: every one). */
  runs?(plugin: Plugin): boolean;
  createApp(mimeExtensions: IRenderMime.IExtensionModule[]): JupyterFrontEnd;
  start(app: JupyterFrontEnd): Promise<void>;
}

function federatedSource(extension: FederatedExtension, module: string): ExtensionSource {
  return {
    name: extension.name,
    plugins: true,
    load: async () => {
      const container = window._JUPYTERLAB?.[extension.name];
      if (!container) {
        throw new Error(`prebuilt extension ${extension.name} has no container`);
      }
      return (await container.get(module))();
    }
  };
}

/** Loads every source, in order; one that fails is logged and left out. */
async function loadAll(sources: ExtensionSource[]): Promise<{ source: ExtensionSource; module: unknown }[]> {
  const results = await Promise.allSettled(sources.map((source) => source.load()));
  return results.flatMap((result, i) => {
    const source = sources[i]!;
    if (result.status === 'rejected') {
      console.error(`extension ${source.name} failed to load:`, result.reason);
      return [];
    }
    return [{ source, module: result.value }];
  });
}

/** The enabled plugins the page takes of every source that loads. */
async function pluginsOf(sources: ExtensionSource[]): Promise<Plugin[]> {
  return (await loadAll(sources)).flatMap(({ source, module }) => {
    const namespace = module as { __esModule?: boolean; default?: unknown };
    const value = Object.hasOwn(namespace, '__esModule') ? namespace.default : namespace;
    const plugins = (Array.isArray(value) ? value : [value]) as Plugin[];
    return plugins.filter(
      (plugin) => (source.plugins === true || source.plugins.includes(plugin.id)) && !PageConfig.Extension.isDisabled(plugin.id)
    );
  });
}

export async function startOlderApp(options: OlderAppOptions): Promise<void> {
  const { federated } = options;
  const withModule = (key: 'extension' | 'mimeExtension') =>
    federated.flatMap((extension) => {
      const module = extension[key];
      return module ? [federatedSource(extension, module)] : [];
    });
  const styles = federated.flatMap((extension) => (extension.style ? [federatedSource(extension, extension.style)] : []));
  const [plugins, mimePlugins] = await Promise.all([
    pluginsOf([...options.extensions, ...withModule('extension')]),
    pluginsOf([...options.mimeExtensions, ...withModule('mimeExtension')]),
    // A style module applies its CSS when it loads.
    loadAll(styles)
  ]);
  const app = options.createApp(mimePlugins as unknown as IRenderMime.IExtensionModule[]);
  app.registerPlugins(plugins.filter((plugin) => options.runs?.(plugin) ?? true));
  if (PageConfig.getOption('exposeAppInBrowser').toLowerCase() === 'true') {
    window.jupyterapp = app;
  }
  await options.start(app);
}
