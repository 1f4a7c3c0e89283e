// Builds and starts Notebook 7 for the page the server rendered (tree, notebooks,
// edit, consoles): that page's plugins from plugins.ts plus the prebuilt extensions
// the server lists, honouring the page config's `disabledExtensions`.
import { NotebookApp, NotebookShell } from '@jupyter-notebook/application';
import type { JupyterFrontEndPlugin, JupyterLab } from '@jupyterlab/application';
import { PageConfig } from '@jupyterlab/coreutils';
import type { IRenderMime } from '@jupyterlab/rendermime-interfaces';
import { IServiceManager } from '@jupyterlab/services';
import { PluginRegistry, type Token } from '@lumino/coreutils';
import { loaders } from '@generated/extensions';

import type { FederatedExtension } from '../../jupyterlab/app/federation.ts';
import { mimeExtensions, pagePlugins, type PluginSelection } from './plugins.ts';

type Plugin = JupyterFrontEndPlugin<unknown>;

interface Source {
  name: string;
  load: () => Promise<unknown>;
  /** Only these plugin ids; all of them when absent. */
  only?: string[];
}

interface LoadedExtension {
  name: string;
  plugins: Plugin[];
}

/** The "/" plugins plus the current page's, one entry per package. */
function pageSelection(page: string): PluginSelection {
  const own = pagePlugins[`/${page}`];
  if (!own) {
    throw new Error(`unknown notebookPage "${page}" in the page config`);
  }
  const merged: PluginSelection = { ...pagePlugins['/'] };
  for (const [name, selection] of Object.entries(own)) {
    const base = merged[name];
    merged[name] =
      base === true || selection === true ? true : [...(base ?? []), ...selection];
  }
  return merged;
}

function coreSource(name: string, only?: string[]): Source {
  const load = loaders[name];
  if (!load) {
    throw new Error(`${name} is not in the build: rebuild the page`);
  }
  return { name, load, only };
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

function selectPlugins({ name, only }: Source, module: unknown): Plugin[] {
  const plugins = pluginsOf(module);
  if (!only) {
    return plugins;
  }
  const ids = new Set(plugins.map(plugin => plugin.id));
  for (const id of only) {
    if (!ids.has(id)) {
      // plugins.ts names a plugin this release does not have: the list needs updating.
      console.error(`${name} has no plugin ${id} (see app/plugins.ts)`);
    }
  }
  return plugins.filter(plugin => only.includes(plugin.id));
}

function federatedSource(extension: FederatedExtension, module: string): Source {
  return {
    name: extension.name,
    load: async () => {
      const container = window._JUPYTERLAB?.[extension.name];
      if (!container) {
        throw new Error(`prebuilt extension ${extension.name} has no container`);
      }
      const factory = await container.get(module);
      return factory();
    }
  };
}

/** Loads every source; one that fails is logged and left out. */
async function loadAll(sources: Source[]): Promise<LoadedExtension[]> {
  const results = await Promise.allSettled(sources.map(source => source.load()));
  return results.flatMap((result, i) => {
    const source = sources[i]!;
    if (result.status === 'rejected') {
      console.error(`extension ${source.name} failed to load:`, result.reason);
      return [];
    }
    return [{ name: source.name, plugins: selectPlugins(source, result.value) }];
  });
}

function tokenInfo(token: Token<unknown>): JupyterLab.IToken {
  return { name: token.name, description: token.description };
}

export async function main(federated: FederatedExtension[]): Promise<void> {
  const withModule = (key: 'extension' | 'mimeExtension') =>
    federated.flatMap(extension => {
      const module = extension[key];
      return module ? [federatedSource(extension, module)] : [];
    });
  const styles = federated.flatMap(extension =>
    extension.style && !PageConfig.Extension.isDisabled(extension.name)
      ? [federatedSource(extension, extension.style)]
      : []
  );
  const page = PageConfig.getOption('notebookPage');
  const [extensions, mimes] = await Promise.all([
    loadAll([
      ...Object.entries(pageSelection(page)).map(([name, selection]) =>
        coreSource(name, selection === true ? undefined : selection)
      ),
      ...withModule('extension')
    ]),
    loadAll([...mimeExtensions.map(name => coreSource(name)), ...withModule('mimeExtension')]),
    // A style module applies its CSS when it loads.
    loadAll(styles)
  ]);

  const availablePlugins: JupyterLab.IPluginInfo[] = [];
  const enabledPlugins = (loaded: LoadedExtension[]): Plugin[] =>
    loaded.flatMap(({ name, plugins }) =>
      plugins.filter(plugin => {
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
        return enabled;
      })
    );

  // Read by @jupyter-notebook/tree-extension:load-plugins, so the settings editor on
  // the tree page also lists the plugins of the other pages.
  PageConfig.setOption('allPlugins', JSON.stringify(pagePlugins));

  const pluginRegistry = new PluginRegistry();
  pluginRegistry.registerPlugins(enabledPlugins(extensions));
  // A plugin may replace the service manager; it is resolved before the app
  // exists, as Notebook's own page does.
  const serviceManager = await pluginRegistry.resolveRequiredService(IServiceManager);
  const app = new NotebookApp({
    shell: new NotebookShell(),
    pluginRegistry,
    serviceManager,
    // A mime extension is a plain object with an id, not a plugin; the app takes
    // the bare objects as well as module namespaces here.
    mimeExtensions: enabledPlugins(mimes) as unknown as IRenderMime.IExtensionModule[],
    availablePlugins
  });
  if (PageConfig.getOption('exposeAppInBrowser').toLowerCase() === 'true') {
    window.jupyterapp = app;
  }
  await app.start();
}
