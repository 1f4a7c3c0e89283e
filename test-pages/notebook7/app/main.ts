// Builds and starts Notebook 7 for the page the server rendered (tree, notebooks,
// edit, consoles): that page's plugins from plugins.ts plus the prebuilt extensions
// the server lists.
import { NotebookApp, NotebookShell } from '@jupyter-notebook/application';
import { PageConfig } from '@jupyterlab/coreutils';
import { loaders } from '@generated/extensions';

import type { FederatedExtension } from '@jupyter-live-mcp/jupyterlite-site/app-common/federation.ts';
import { buildApp, mergeSelections, type PluginSelection } from '@jupyter-live-mcp/jupyterlite-site/app-common/start-app.ts';
import { mimeExtensions, pagePlugins } from './plugins.ts';

function source(name: string, plugins: PluginSelection) {
  const load = loaders[name];
  if (!load) {
    throw new Error(`${name} is not in the build: rebuild the page`);
  }
  return { name, plugins, load };
}

export async function main(federated: FederatedExtension[]): Promise<void> {
  const page = PageConfig.getOption('notebookPage');
  const own = pagePlugins[`/${page}`];
  if (!own) {
    throw new Error(`unknown notebookPage "${page}" in the page config`);
  }
  // Read by @jupyter-notebook/tree-extension:load-plugins, so the settings editor on
  // the tree page also lists the plugins of the other pages.
  PageConfig.setOption('allPlugins', JSON.stringify(pagePlugins));
  const app = await buildApp({
    extensions: Object.entries(mergeSelections(pagePlugins['/']!, own)).map(([name, plugins]) => source(name, plugins)),
    mimeExtensions: mimeExtensions.map((name) => source(name, true)),
    federated,
    createApp: (options) => new NotebookApp({ ...options, shell: new NotebookShell() })
  });
  await app.start();
}
