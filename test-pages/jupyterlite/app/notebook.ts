// The Notebook UI (tree/, notebooks/, edit/, consoles/): Jupyter Notebook 7's
// NotebookApp with JupyterLite's in-browser services. The page's jupyter-lite.json
// names the page (`notebookPage`), which picks its plugins.
import '@generated/notebook/style.js';

import { NotebookApp, NotebookShell } from '@jupyter-notebook/application';
import { PageConfig } from '@jupyterlab/coreutils';

import type { FederatedExtension } from '../../jupyterlab/app/federation.ts';
import {
  mimeExtensions,
  notebookPages,
  notebookPlugins,
  type NotebookPage,
  type PluginSelection
} from './extensions.ts';
import { startApp, type BundledExtension } from './start.ts';

function union(a: PluginSelection | undefined, b: PluginSelection): PluginSelection {
  return a === undefined ? b : a === true || b === true ? true : [...a, ...b];
}

function pageExtensions(page: NotebookPage): BundledExtension[] {
  const selections: Record<string, PluginSelection> = {};
  for (const plugins of [notebookPlugins['/'], notebookPlugins[`/${page}`]]) {
    for (const [request, selection] of Object.entries(plugins)) {
      selections[request] = union(selections[request], selection);
    }
  }
  return Object.entries(selections).map(([request, plugins]) => ({ request, plugins }));
}

export async function main(federated: FederatedExtension[]): Promise<void> {
  const page = PageConfig.getOption('notebookPage') as NotebookPage;
  if (!notebookPages.includes(page)) {
    throw new Error(`unknown notebookPage "${page}" in jupyter-lite.json: expected one of ${notebookPages.join(', ')}`);
  }
  // The tree page's settings editor lists the plugins of every page from this.
  PageConfig.setOption('allPlugins', JSON.stringify(notebookPlugins));
  await startApp(
    {
      extensions: pageExtensions(page),
      mimeExtensions: Object.entries(mimeExtensions).map(([name, module]) => ({
        request: module ? `${name}/${module}` : name,
        plugins: true
      }))
    },
    federated,
    options => {
      const app = new NotebookApp({ ...options, shell: new NotebookShell() });
      // NotebookApp calls itself "Jupyter Notebook"; JupyterLite's pages rename it,
      // so a page can tell it runs in JupyterLite whichever UI it is.
      (app as { name: string }).name = PageConfig.getOption('appName') || 'JupyterLite';
      return app;
    }
  );
}
