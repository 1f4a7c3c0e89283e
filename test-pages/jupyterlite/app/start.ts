// Starts a JupyterLab-based app (the Lab UI's JupyterLab, the Notebook UI's
// NotebookApp) from bundled extensions plus the prebuilt ones the site lists, the way
// JupyterLite's own pages do: JupyterLite's service plugins sit in the plugin registry
// and provide the in-browser service manager the app is created with.
import type { JupyterFrontEnd, JupyterFrontEndPlugin, JupyterLab } from '@jupyterlab/application';
import { PageConfig } from '@jupyterlab/coreutils';
import type { IRenderMime } from '@jupyterlab/rendermime-interfaces';
import { IConnectionStatus, IServiceManager, type ServiceManager } from '@jupyterlab/services';
import { PluginRegistry, type Token } from '@lumino/coreutils';
import { loaders } from '@generated/extensions';

import type { FederatedExtension } from '../../jupyterlab/app/federation.ts';
import type { PluginSelection } from './extensions.ts';

type Plugin = JupyterFrontEndPlugin<unknown>;

/** A bundled extension package and the plugins the page takes from it. */
export interface BundledExtension {
  /** The import specifier: the package, or `<package>/<module>` for a mime extension's own module. */
  request: string;
  plugins: PluginSelection;
}

export interface AppOptions {
  pluginRegistry: PluginRegistry;
  serviceManager: ServiceManager.IManager;
  connectionStatus?: IConnectionStatus;
  mimeExtensions: IRenderMime.IExtensionModule[];
  disabled: { matches: string[]; patterns: string[] };
  availablePlugins: JupyterLab.IPluginInfo[];
}

interface Source {
  name: string;
  plugins: PluginSelection;
  load(): Promise<unknown>;
}

interface LoadedExtension {
  name: string;
  plugins: PluginSelection;
  module: unknown;
}

/** The plugins an extension module exports: a default export of one plugin or a list. */
function pluginsOf(module: unknown): Plugin[] {
  const isNamespace =
    typeof module === 'object' &&
    module !== null &&
    Object.prototype.hasOwnProperty.call(module, '__esModule');
  const value: unknown = isNamespace ? (module as { default: unknown }).default : module;
  return (Array.isArray(value) ? value : [value]) as Plugin[];
}

function bundled(extension: BundledExtension): Source {
  const load = loaders[extension.request];
  if (!load) {
    throw new Error(`${extension.request} is not in the bundle: add it to app/extensions.ts and rebuild`);
  }
  const name = extension.request.startsWith('@')
    ? extension.request.split('/').slice(0, 2).join('/')
    : extension.request.split('/')[0]!;
  return { name, plugins: extension.plugins, load };
}

function federatedModule(extension: FederatedExtension, module: string): Source {
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
async function loadAll(sources: Source[]): Promise<LoadedExtension[]> {
  const results = await Promise.allSettled(sources.map(source => source.load()));
  return results.flatMap((result, i) => {
    const { name, plugins } = sources[i]!;
    if (result.status === 'rejected') {
      console.error(`extension ${name} failed to load:`, result.reason);
      return [];
    }
    return [{ name, plugins, module: result.value }];
  });
}

function tokenInfo(token: Token<unknown>): JupyterLab.IToken {
  return { name: token.name, description: token.description };
}

/**
 * Builds the app from the page's bundled extensions (in order: later plugins may
 * replace earlier ones' services) and the prebuilt ones, then starts it.
 */
export async function startApp(
  page: { extensions: BundledExtension[]; mimeExtensions: BundledExtension[] },
  federated: FederatedExtension[],
  createApp: (options: AppOptions) => JupyterFrontEnd
): Promise<void> {
  const withModule = (key: 'extension' | 'mimeExtension') =>
    federated.flatMap(extension => {
      const module = extension[key];
      return module ? [federatedModule(extension, module)] : [];
    });
  const styles = federated.flatMap(extension =>
    extension.style && !PageConfig.Extension.isDisabled(extension.name)
      ? [federatedModule(extension, extension.style)]
      : []
  );
  const [extensions, mimeExtensions] = await Promise.all([
    loadAll([...page.extensions.map(bundled), ...withModule('extension')]),
    loadAll([...page.mimeExtensions.map(bundled), ...withModule('mimeExtension')]),
    // A style module applies its CSS when it loads.
    loadAll(styles)
  ]);

  const availablePlugins: JupyterLab.IPluginInfo[] = [];
  const disabled: string[] = [];
  const activePlugins = (loaded: LoadedExtension[]): Plugin[] =>
    loaded.flatMap(({ name, plugins, module }) =>
      pluginsOf(module).filter(plugin => {
        if (plugins !== true && !plugins.includes(plugin.id)) {
          return false;
        }
        const enabled = !PageConfig.Extension.isDisabled(plugin.id);
        availablePlugins.push({
          id: plugin.id,
          description: plugin.description,
          autoStart: plugin.autoStart,
          requires: (plugin.requires ?? []).map(tokenInfo),
          optional: (plugin.optional ?? []).map(tokenInfo),
          provides: plugin.provides ? tokenInfo(plugin.provides) : null,
          extension: name,
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
  // JupyterLite's service plugins provide the service manager; without them the app
  // would look for a Jupyter server that is not there.
  const serviceManager = await pluginRegistry.resolveRequiredService(IServiceManager);
  const connectionStatus = await pluginRegistry.resolveOptionalService(IConnectionStatus);

  const app = createApp({
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
  await app.start({ bubblingKeydown: true });
}
