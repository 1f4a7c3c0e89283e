// The Notebook UI (tree/, notebooks/, edit/, consoles/): Jupyter Notebook 7's
// NotebookApp with JupyterLite's in-browser services. The page's jupyter-lite.json
// names the page (`notebookPage`), which picks its plugins.
import '@generated/notebook/style.js';

import { NotebookApp, NotebookShell } from '@jupyter-notebook/application';
import { PageConfig } from '@jupyterlab/coreutils';

import type { FederatedExtension } from '../app-common/federation.ts';
import { mergeSelections } from '../app-common/start-app.ts';
import { notebookPages, notebookPlugins, type NotebookPage } from './extensions.ts';
import { startApp } from './start.ts';

export async function main(federated: FederatedExtension[]): Promise<void> {
  const page = PageConfig.getOption('notebookPage') as NotebookPage;
  if (!notebookPages.includes(page)) {
    throw new Error(`unknown notebookPage "${page}" in jupyter-lite.json: expected one of ${notebookPages.join(', ')}`);
  }
  // The tree page's settings editor lists the plugins of every page from this.
  PageConfig.setOption('allPlugins', JSON.stringify(notebookPlugins));
  await startApp(mergeSelections(notebookPlugins['/'], notebookPlugins[`/${page}`]), federated, (options) => {
    const app = new NotebookApp({ ...options, shell: new NotebookShell() });
    // NotebookApp calls itself "Jupyter Notebook"; JupyterLite's pages rename it,
    // so a page can tell it runs in JupyterLite whichever UI it is.
    (app as { name: string }).name = PageConfig.getOption('appName') || 'JupyterLite';
    return app;
  });
}
