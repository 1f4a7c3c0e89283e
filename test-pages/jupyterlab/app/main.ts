// Builds and starts JupyterLab from its core extensions plus the prebuilt ones the
// server lists, honouring the page config's `disabledExtensions`.
import { JupyterLab, type JupyterFrontEndPlugin } from '@jupyterlab/application';
import { PageConfig } from '@jupyterlab/coreutils';
import type { IRenderMime } from '@jupyterlab/rendermime-interfaces';
import { IConnectionStatus, IServiceManager } from '@jupyterlab/services';
import { PluginRegistry, type Token } from '@lumino/coreutils';
import {
  extensions as coreExtensions,
  mimeExtensions as coreMimeExtensions
} from '@generated/core-extensions';

import type { FederatedExtension } from './federation.ts';

type Plugin = JupyterFrontEndPlugin<unknown>;

interface LoadedExtension {
  name: string;
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

async function loadFederated(extension: FederatedExtension, module: string): Promise<unknown> {
  const container = window._JUPYTERLAB?.[extension.name];
  if (!container) {
    throw new Error(`prebuilt extension ${extension.name} has no container`);
  }
  const factory = await container.get(module);
  return factory();
}

/** Loads every source, in order; a source that fails is logged and left out. */
async function loadAll(
  sources: { name: string; load: () => Promise<unknown> }[]
): Promise<LoadedExtension[]> {
  const results = await Promise.allSettled(sources.map(source => source.load()));
  const loaded: LoadedExtension[] = [];
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') {
      loaded.push({ name: sources[i]!.name, module: result.value });
    } else {
      console.error(`extension ${sources[i]!.name} failed to load:`, result.reason);
    }
  });
  return loaded;
}

function tokenInfo(token: Token<unknown>): JupyterLab.IToken {
  return { name: token.name, description: token.description };
}

export async function main(federated: FederatedExtension[]): Promise<void> {
  const withModule = (key: 'extension' | 'mimeExtension') =>
    federated.flatMap(extension => {
      const module = extension[key];
      return module ? [{ name: extension.name, load: () => loadFederated(extension, module) }] : [];
    });
  const styles = federated.flatMap(extension => {
    const style = extension.style;
    return style && !PageConfig.Extension.isDisabled(extension.name)
      ? [{ name: extension.name, load: () => loadFederated(extension, style) }]
      : [];
  });
  const [extensions, mimeExtensions] = await Promise.all([
    loadAll([...coreExtensions, ...withModule('extension')]),
    loadAll([...coreMimeExtensions, ...withModule('mimeExtension')]),
    // A style module applies its CSS when it loads.
    loadAll(styles)
  ]);

  const availablePlugins: JupyterLab.IPluginInfo[] = [];
  const disabled: string[] = [];
  const activePlugins = (loaded: LoadedExtension[]): Plugin[] =>
    loaded.flatMap(({ name, module }) =>
      pluginsOf(module).filter(plugin => {
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

  const registry = new PluginRegistry();
  registry.registerPlugins(activePlugins(extensions));
  // Plugins may replace the service manager and connection status; they are
  // resolved before the app exists, as JupyterLab's own page does.
  const serviceManager = await registry.resolveOptionalService(IServiceManager);
  const connectionStatus = await registry.resolveOptionalService(IConnectionStatus);

  const lab = new JupyterLab({
    pluginRegistry: registry,
    serviceManager: serviceManager ?? undefined,
    connectionStatus: connectionStatus ?? undefined,
    // A mime extension is a plain object with an id, not a plugin; JupyterLab takes
    // the bare objects as well as module namespaces here.
    mimeExtensions: activePlugins(mimeExtensions) as unknown as IRenderMime.IExtensionModule[],
    disabled: { matches: disabled, patterns: PageConfig.Extension.disabled },
    availablePlugins
  });
  if (PageConfig.getOption('exposeAppInBrowser').toLowerCase() === 'true') {
    window.jupyterapp = lab;
  }
  await lab.start({ bubblingKeydown: true });
}
