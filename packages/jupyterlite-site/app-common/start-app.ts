// Builds a JupyterLab-based app (JupyterLab, Notebook 7's NotebookApp) from the
// page's bundled extensions plus the prebuilt ones the page config lists, honouring
// its `disabledExtensions`: the bookkeeping the JupyterLite site's and the test pages'
// apps share.
import type { JupyterFrontEnd, JupyterFrontEndPlugin, JupyterLab } from '@jupyterlab/application';
import { PageConfig } from '@jupyterlab/coreutils';
import type { IRenderMime } from '@jupyterlab/rendermime-interfaces';
import { IConnectionStatus, IServiceManager, type ServiceManager } from '@jupyterlab/services';
import { PluginRegistry, type Token } from '@lumino/coreutils';

import type { FederatedExtension } from './federation.ts';

type Plugin = JupyterFrontEndPlugin<unknown>;

/** The plugins a page takes from an extension: every one it exports, or these ids. */
export type PluginSelection = true | readonly string[];

/** An extension package the page bundles; `load` is its lazy import. */
export interface ExtensionSource {
  name: string;
  plugins: PluginSelection;
  load(): Promise<unknown>;
}

export interface AppOptions {
  pluginRegistry: PluginRegistry;
  serviceManager: ServiceManager.IManager;
  connectionStatus?: IConnectionStatus;
  mimeExtensions: IRenderMime.IExtensionModule[];
  disabled: { matches: string[]; patterns: string[] };
  availablePlugins: JupyterLab.IPluginInfo[];
}

export interface BuildAppOptions {
  /** In order: later plugins may replace earlier ones' services. */
  extensions: ExtensionSource[];
  mimeExtensions: ExtensionSource[];
  federated: FederatedExtension[];
  createApp(options: AppOptions): JupyterFrontEnd;
}

/** Selections by package, as pages list them, merged: a package's selections add up. */
export function mergeSelections(...selections: Readonly<Record<string, PluginSelection>>[]): Record<string, PluginSelection> {
  const merged: Record<string, PluginSelection> = {};
  for (const selection of selections) {
    for (const [name, plugins] of Object.entries(selection)) {
      const base = merged[name];
      merged[name] = base === undefined ? plugins : base === true || plugins === true ? true : [...base, ...plugins];
    }
  }
  return merged;
}

interface LoadedExtension {
  source: ExtensionSource;
  module: unknown;
}

/** The plugins an extension module exports: a default export of one plugin or a list. */
function pluginsOf(module: unknown): Plugin[] {
  const isNamespace = typeof module === 'object' && module !== null && Object.hasOwn(module, '__esModule');
  const value: unknown = isNamespace ? (module as { default: unknown }).default : module;
  return (Array.isArray(value) ? value : [value]) as Plugin[];
}

function selectPlugins({ name, plugins: selection }: ExtensionSource, module: unknown): Plugin[] {
  const plugins = pluginsOf(module);
  if (selection === true) {
    return plugins;
  }
  const ids = new Set(plugins.map((plugin) => plugin.id));
  for (const id of selection) {
    if (!ids.has(id)) {
      // The page's plugin list names a plugin this release does not have: it needs updating.
      console.error(`${name} has no plugin ${id}: update the page's plugin list`);
    }
  }
  return plugins.filter((plugin) => selection.includes(plugin.id));
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

/** Loads every source, in order; a source that fails is logged and left out. */
async function loadAll(sources: ExtensionSource[]): Promise<LoadedExtension[]> {
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

function tokenInfo(token: Token<unknown>): JupyterLab.IToken {
  return { name: token.name, description: token.description };
}

/** Builds the app, not started: each page starts it as its real counterpart does. */
export async function buildApp(options: BuildAppOptions): Promise<JupyterFrontEnd> {
  const { federated } = options;
  const withModule = (key: 'extension' | 'mimeExtension') =>
    federated.flatMap((extension) => {
      const module = extension[key];
      return module ? [federatedSource(extension, module)] : [];
    });
  const styles = federated.flatMap((extension) =>
    extension.style && !PageConfig.Extension.isDisabled(extension.name) ? [federatedSource(extension, extension.style)] : []
  );
  const [extensions, mimeExtensions] = await Promise.all([
    loadAll([...options.extensions, ...withModule('extension')]),
    loadAll([...options.mimeExtensions, ...withModule('mimeExtension')]),
    // A style module applies its CSS when it loads.
    loadAll(styles)
  ]);

  const availablePlugins: JupyterLab.IPluginInfo[] = [];
  const disabled: string[] = [];
  const activePlugins = (loaded: LoadedExtension[]): Plugin[] =>
    loaded.flatMap(({ source, module }) =>
      selectPlugins(source, module).filter((plugin) => {
        const enabled = !PageConfig.Extension.isDisabled(plugin.id);
        availablePlugins.push({
          id: plugin.id,
          description: plugin.description,
          autoStart: plugin.autoStart,
          requires: (plugin.requires ?? []).map(tokenInfo),
          optional: (plugin.optional ?? []).map(tokenInfo),
          provides: plugin.provides ? tokenInfo(plugin.provides) : null,
          extension: source.name,
          enabled
        });
        if (!enabled) {
          disabled.push(plugin.id);
        }
        return enabled;
      })
    );

  const pluginRegistry = new PluginRegistry();
  pluginRegistry.registerPlugins(activePlugins(extensions));
  // Plugins provide the service manager (JupyterLite's, in the browser) and may
  // replace the connection status; both are resolved before the app exists, as the
  // real applications' pages do.
  const serviceManager = await pluginRegistry.resolveRequiredService(IServiceManager);
  const connectionStatus = await pluginRegistry.resolveOptionalService(IConnectionStatus);

  const app = options.createApp({
    pluginRegistry,
    serviceManager,
    connectionStatus: connectionStatus ?? undefined,
    // A mime extension is a plain object with an id, not a plugin; the apps take the
    // bare objects as well as module namespaces here.
    mimeExtensions: activePlugins(mimeExtensions) as unknown as IRenderMime.IExtensionModule[],
    disabled: { matches: disabled, patterns: PageConfig.Extension.disabled },
    availablePlugins
  });
  if (PageConfig.getOption('exposeAppInBrowser').toLowerCase() === 'true') {
    window.jupyterapp = app;
  }
  return app;
}
