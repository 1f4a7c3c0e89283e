// Notebook 7.2 for the page the server rendered (tree, notebooks, edit, consoles): the
// plugins the Notebook 7.6 page takes on that page (test-pages/notebook7/app/plugins.ts), as
// far as 7.2 has them, plus the prebuilt extensions.
import { NotebookApp, NotebookShell } from '@jupyter-notebook/application';
import { PageConfig } from '@jupyterlab/coreutils';
import { loaders, mimeExtensions } from '@generated/extensions';

import type { FederatedExtension } from '../../../../packages/jupyterlite-site/app-common/federation.ts';
import { pagePlugins } from '../../../notebook7/app/plugins.ts';
import { startOlderApp, type ExtensionSource, type Plugin } from '../../app/older-app.ts';

// The 7.6 lists take plugins that, in the 4.2 release, still need JupyterLab's own shell
// (e.g. logconsole-extension:plugin); Notebook has none, so they are left out.
const needsLabShell = (plugin: Plugin) => (plugin.requires ?? []).some((token) => token.name === '@jupyterlab/application:ILabShell');

function pageExtensions(page: string): ExtensionSource[] {
  const own = pagePlugins[`/${page}`];
  if (!own) {
    throw new Error(`unknown notebookPage "${page}" in the page config`);
  }
  const selected = new Map<string, true | string[]>();
  for (const selection of [pagePlugins['/']!, own]) {
    for (const [name, plugins] of Object.entries(selection)) {
      const base = selected.get(name);
      selected.set(name, base === undefined ? plugins : base === true || plugins === true ? true : [...base, ...plugins]);
    }
  }
  return [...selected].filter(([name]) => name in loaders).map(([name, plugins]) => ({ name, plugins, load: loaders[name]! }));
}

export function main(federated: FederatedExtension[]): Promise<void> {
  // Read by @jupyter-notebook/tree-extension:load-plugins (as on the 7.6 page).
  PageConfig.setOption('allPlugins', JSON.stringify(pagePlugins));
  return startOlderApp({
    extensions: pageExtensions(PageConfig.getOption('notebookPage')),
    mimeExtensions: mimeExtensions.map((name) => ({ name, plugins: true, load: loaders[name]! })),
    federated,
    runs: (plugin) => !needsLabShell(plugin),
    createApp: (mime) => new NotebookApp({ mimeExtensions: mime, shell: new NotebookShell() }),
    start: (app) => app.start()
  });
}
