// Builds the JupyterLab 4.0.2 test page (lab/) into build/jupyterlab/ and the Notebook 7.2.3
// one (notebook/) into build/notebook7/, each from its own install (<page>/node_modules, at
// its release), with the workspace's bundling (test-pages/jupyterlab/src/server-app-build.ts);
// each is served by its newer page's serve.py --app-dir. scripts/older-jupyter installs both
// and runs this.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { core, type SharedPackages } from '../../../packages/jupyterlite-site/src/app-bundle.js';
import { runMain } from '../../../packages/jupyterlite-site/src/run-main.js';
import { mimeExtensions as notebookMimeExtensions, pagePlugins } from '../../notebook7/app/plugins.js';
import { buildServerApp } from '../../jupyterlab/src/server-app-build.js';

const olderDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testPagesDir = path.dirname(olderDir);

/** One older page's install: <olderDir>/<page>/, its package.json and node_modules. */
class Install {
  readonly dir: string;
  readonly modulesDir: string;

  constructor(page: 'lab' | 'notebook') {
    this.dir = path.join(olderDir, page);
    this.modulesDir = path.join(this.dir, 'node_modules');
    if (!existsSync(this.modulesDir)) {
      throw new Error(`${this.modulesDir} is missing: run scripts/older-jupyter`);
    }
  }

  version(name: string): string | undefined {
    const file = path.join(this.modulesDir, name, 'package.json');
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : undefined;
  }

  /** The 4.6 pages' extension packages that this release has too. */
  installed(names: string[]): string[] {
    return names.filter((name) => this.version(name) !== undefined);
  }

  /** The packages the 4.6 pages offer prebuilt extensions, at this install's versions. */
  shared(extra: { name: string; singleton: boolean }[]): SharedPackages {
    const singletons = new Set(core.jupyterlab.singletonPackages);
    const packages = [...Object.keys(core.resolutions).map((name) => ({ name, singleton: singletons.has(name) })), ...extra];
    return Object.fromEntries(
      packages.flatMap(({ name, singleton }) => {
        const version = this.version(name);
        return version ? [[name, { requiredVersion: version, singleton }]] : [];
      })
    );
  }
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
  const lab = new Install('lab');
  const requests = (list: Record<string, string>) =>
    lab.installed(Object.keys(list)).map((name) => (list[name] ? `${name}/${list[name]}` : name));
  const extensions = requests(core.jupyterlab.extensions);
  const mimeExtensions = requests(core.jupyterlab.mimeExtensions);
  const version = lab.version('@jupyterlab/application');
  await buildServerApp({
    title: `JupyterLab ${version}`,
    pageDir: lab.dir,
    sourceDirs: [path.join(olderDir, 'app')],
    buildDir: path.join(olderDir, 'build', 'jupyterlab'),
    modulesDir: lab.modulesDir,
    template: path.join(testPagesDir, 'jupyterlab', 'app', 'index.html'),
    packageNames: lab.installed([...Object.keys(core.jupyterlab.extensions), ...Object.keys(core.jupyterlab.mimeExtensions)]),
    extensionsModule: { alias: '@generated/extensions', file: 'extensions.js', source: extensionsModule(extensions, mimeExtensions) },
    // As the 4.6 page's (test-pages/jupyterlab/src/build-app.ts), with this release's version.
    pageConfig: {
      appVersion: version,
      disabledExtensions: ['@jupyterlab/apputils-extension:announcements', '@jupyterlab/extensionmanager-extension'],
      exposeAppInBrowser: true
    },
    shared: lab.shared([])
  });
}

async function buildNotebook(): Promise<void> {
  const notebook = new Install('notebook');
  const extensions = notebook.installed([...new Set(Object.values(pagePlugins).flatMap(Object.keys))]);
  const mimeExtensions = notebook.installed(notebookMimeExtensions);
  const notebookVersion = notebook.version('@jupyter-notebook/application');
  await buildServerApp({
    title: `Notebook ${notebookVersion}`,
    pageDir: notebook.dir,
    sourceDirs: [path.join(olderDir, 'app'), path.join(testPagesDir, 'notebook7', 'app')],
    buildDir: path.join(olderDir, 'build', 'notebook7'),
    modulesDir: notebook.modulesDir,
    template: path.join(testPagesDir, 'notebook7', 'app', 'page.html'),
    packageNames: [...extensions, ...mimeExtensions],
    extensionsModule: { alias: '@generated/extensions', file: 'extensions.js', source: extensionsModule(extensions, mimeExtensions) },
    pageConfig: { appVersion: notebookVersion, exposeAppInBrowser: true },
    shared: notebook.shared(
      ['@jupyter-notebook/application', '@jupyter-notebook/tree', '@jupyter-notebook/ui-components', ...extensions]
        .filter((name) => name.startsWith('@jupyter-notebook/'))
        .map((name) => ({ name, singleton: name === '@jupyter-notebook/application' || name === '@jupyter-notebook/tree' }))
    )
  });
}

runMain(async () => {
  await buildJupyterLab();
  await buildNotebook();
});
