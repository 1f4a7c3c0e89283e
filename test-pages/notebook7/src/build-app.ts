// Builds the Notebook 7 application into build/ (see buildServerApp).
// Run from the repo root: scripts/pnpm --filter @jupyter-live-mcp/test-page-notebook7 build
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mimeExtensions, pagePlugins } from '../app/plugins.js';
import { jupyterLabShared, packageVersion, type SharedPackages } from '@jupyter-live-mcp/jupyterlite-site/app-bundle';
import { runMain } from '@jupyter-live-mcp/jupyterlite-site/run-main';
import { buildServerApp } from '../../jupyterlab/src/server-app-build.js';

const notebookPackages = ['@jupyter-notebook/application', '@jupyter-notebook/tree', '@jupyter-notebook/ui-components'];
// Their tokens (INotebookShell, INotebookTree) must exist once for extensions to see them.
const notebookSingletons = new Set(['@jupyter-notebook/application', '@jupyter-notebook/tree']);

const extensionPackages = [...new Set([...Object.values(pagePlugins).flatMap(Object.keys), ...mimeExtensions])];

/** The `loaders` app/main.ts reads: a lazy import per extension package. */
function extensionsModule(): string {
  const entries = extensionPackages.map((name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(name)}),`).join('\n');
  return `export const loaders = {\n${entries}\n};\n`;
}

/**
 * Prebuilt extensions are built against JupyterLab's release (core-meta): the app
 * offers them its packages, as Notebook 7 itself does, and Notebook's own.
 */
function sharedPackages(): SharedPackages {
  const notebook = [...notebookPackages, ...extensionPackages]
    .filter((name) => name.startsWith('@jupyter-notebook/'))
    .map((name) => [name, { requiredVersion: packageVersion(name), singleton: notebookSingletons.has(name) }]);
  return { ...jupyterLabShared(), ...Object.fromEntries(notebook) };
}

runMain(() =>
  buildServerApp({
    title: 'Notebook 7',
    pageDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
    template: 'page.html',
    packageNames: extensionPackages,
    extensionsModule: { alias: '@generated/extensions', file: 'extensions.js', source: extensionsModule() },
    pageConfig: {
      // The page's own version, not the server's: NotebookApp.version reads it.
      appVersion: packageVersion('@jupyter-notebook/application'),
      // Tests drive the page through window.jupyterapp.
      exposeAppInBrowser: true
    },
    shared: sharedPackages()
  })
);
