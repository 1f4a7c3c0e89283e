// Builds the JupyterLab 4.6.4 application into build/ (see buildServerApp).
// Run from the repo root: scripts/pnpm --filter @jupyter-live-mcp/test-page-jupyterlab build
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { core, jupyterLabShared } from '@jupyter-live-mcp/jupyterlite-site/app-bundle';
import { runMain } from '@jupyter-live-mcp/jupyterlite-site/run-main';
import { buildServerApp } from './server-app-build.js';

const { extensions, mimeExtensions } = core.jupyterlab;

/** The core extensions as `{ name, load }` entries (see app/core-extensions.d.ts). */
function coreExtensionsModule(): string {
  const entries = (list: Record<string, string>) =>
    Object.entries(list)
      .map(([name, entry]) => {
        const request = entry ? `${name}/${entry}` : name;
        return `  { name: ${JSON.stringify(name)}, load: () => import(${JSON.stringify(request)}) },`;
      })
      .join('\n');
  return [
    `export const extensions = [\n${entries(extensions)}\n];`,
    `export const mimeExtensions = [\n${entries(mimeExtensions)}\n];`,
    ''
  ].join('\n');
}

runMain(() =>
  buildServerApp({
    title: 'JupyterLab',
    pageDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
    template: 'index.html',
    packageNames: [...new Set([...Object.keys(extensions), ...Object.keys(mimeExtensions)])],
    extensionsModule: {
      alias: '@generated/core-extensions',
      file: 'core-extensions.js',
      source: coreExtensionsModule()
    },
    pageConfig: {
      // These call server endpoints only the full `jupyterlab` Python package has
      // (news and update checks, the extension manager): absent here, they would only
      // fill the console with errors.
      disabledExtensions: ['@jupyterlab/apputils-extension:announcements', '@jupyterlab/extensionmanager-extension'],
      // Tests drive the page through window.jupyterapp.
      exposeAppInBrowser: true
    },
    shared: jupyterLabShared()
  })
);
