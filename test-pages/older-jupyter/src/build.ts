// Builds the JupyterLab 4.2.7 and Notebook 7.2.3 test pages into build/jupyterlab/ and
// build/notebook7/ from this folder's own install (its node_modules, at those releases),
// with the workspace's bundling (test-pages/jupyterlab/src/server-app-build.ts); each is
// served by its newer page's serve.py --app-dir. Run from the repo root:
//   scripts/pnpm install --dir test-pages/older-jupyter --frozen-lockfile
//   node_modules/.bin/tsx test-pages/older-jupyter/src/build.ts
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { core, type SharedPackages } from '../../../packages/jupyterlite-site/src/app-bundle.js';
import { runMain } from '../../../packages/jupyterlite-site/src/run-main.js';
import { mimeExtensions as notebookMimeExtensions, pagePlugins } from '../../notebook7/app/plugins.js';
import { buildServerApp } from '../../jupyterlab/src/server-app-build.js';

const pageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(pageDir, 'node_modules');
const testPagesDir = path.dirname(pageDir);

function installedVersion(name: string): string | undefined {
  const file = path.join(modulesDir, name, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : undefined;
}

/** The 4.6 pages' extension packages that this release has too. */
const installed = (names: string[]) => names.filter((name) => installedVersion(name) !== undefined);

/** The packages the 4.6 pages offer prebuilt extensions, at this install's versions. */
function shared(extra: { name: string; singleton: boolean }[]): SharedPackages {
  const singletons = new Set(core.jupyterlab.singletonPackages);
  const packages = [...Object.keys(core.resolutions).map((name) => ({ name, singleton: singletons.has(name) })), ...extra];
  return Object.fromEntries(
    packages.flatMap(({ name, singleton }) => {
      const version = installedVersion(name);
      return version ? [[name, { requiredVersion: version, singleton }]] : [];
    })
  );
}

/** The module app/generated.d.ts declares; each extension is a package or one of its modules (`name/lib/mime.js`). */
function extensionsModule(extensions: string[], mimeExtensions: string[]): string {
  const loaders = [...extensions, ...mimeExtensions].map((name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(name)}),`);
  return [
    `export const loaders = {\n${loaders.join('\n')}\n};`,
    `export const extensions = ${JSON.stringify(extensions)};`,
    `export const mimeExtensions = ${JSON.stringify(mimeExtensions)};`,
    ''
  ].join('\n');
}

async function buildJupyterLab(): Promise<void> {
  const requests = (list: Record<string, string>) =>
    installed(Object.keys(list)).map((name) => (list[name] ? `${name}/${list[name]}` : name));
  const extensions = requests(core.jupyterlab.extensions);
  const mimeExtensions = requests(core.jupyterlab.mimeExtensions);
  await buildServerApp({
    title: `JupyterLab ${installedVersion('@jupyterlab/application')}`,
    pageDir,
    appDir: path.join(pageDir, 'app', 'lab'),
    sourceDirs: [path.join(pageDir, 'app')],
    buildDir: path.join(pageDir, 'build', 'jupyterlab'),
    modulesDir,
    template: path.join(testPagesDir, 'jupyterlab', 'app', 'index.html'),
    packageNames: installed([...Object.keys(core.jupyterlab.extensions), ...Object.keys(core.jupyterlab.mimeExtensions)]),
    extensionsModule: { alias: '@generated/extensions', file: 'extensions.js', source: extensionsModule(extensions, mimeExtensions) },
    // As the 4.6 page's (test-pages/jupyterlab/src/build-app.ts), with this release's version.
    pageConfig: {
      appVersion: installedVersion('@jupyterlab/application'),
      disabledExtensions: ['@jupyterlab/apputils-extension:announcements', '@jupyterlab/extensionmanager-extension'],
      exposeAppInBrowser: true
    },
    shared: shared([])
  });
}

async function buildNotebook(): Promise<void> {
  const extensions = installed([...new Set(Object.values(pagePlugins).flatMap(Object.keys))]);
  const mimeExtensions = installed(notebookMimeExtensions);
  const notebookVersion = installedVersion('@jupyter-notebook/application');
  await buildServerApp({
    title: `Notebook ${notebookVersion}`,
    pageDir,
    appDir: path.join(pageDir, 'app', 'notebook'),
    sourceDirs: [path.join(pageDir, 'app'), path.join(testPagesDir, 'notebook7', 'app')],
    buildDir: path.join(pageDir, 'build', 'notebook7'),
    modulesDir,
    template: path.join(testPagesDir, 'notebook7', 'app', 'page.html'),
    packageNames: [...extensions, ...mimeExtensions],
    extensionsModule: { alias: '@generated/extensions', file: 'extensions.js', source: extensionsModule(extensions, mimeExtensions) },
    pageConfig: { appVersion: notebookVersion, exposeAppInBrowser: true },
    shared: shared(
      ['@jupyter-notebook/application', '@jupyter-notebook/tree', '@jupyter-notebook/ui-components', ...extensions]
        .filter((name) => name.startsWith('@jupyter-notebook/'))
        .map((name) => ({ name, singleton: name === '@jupyter-notebook/application' || name === '@jupyter-notebook/tree' }))
    )
  });
}

runMain(async () => {
  if (!existsSync(modulesDir)) {
    throw new Error(`${modulesDir} is missing: run scripts/pnpm install --dir test-pages/older-jupyter --frozen-lockfile`);
  }
  await buildJupyterLab();
  await buildNotebook();
});
