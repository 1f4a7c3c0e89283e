// Assembles a static JupyterLite 0.8 site from npm packages into build/site/, laid
// out as JupyterLite lays out its sites:
//   jupyter-lite.json                      the site's page config
//   index.html                             sends the browser on to lab/
//   lab/                                   the Lab UI (index.html + jupyter-lite.json)
//   tree/ notebooks/ edit/ consoles/       the Notebook UI's pages
//   build/                                 the bundle, schemas/ (with all.json), themes/
//   extensions/                            prebuilt labextensions: none here, whoever
//                                          copies the site installs its own (install-extensions.ts)
//   api/translations/                      the (English only) language list
// Intermediate files go to build/generated/. Run from the repo root:
//   scripts/pnpm --filter @jupyter-live-mcp/jupyterlite-site build
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Build } from '@jupyter/builder';
import { rspack, type Configuration } from '@rspack/core';

import {
  allExtensionPackages,
  labExtensions,
  mimeExtensions,
  notebookExtensions,
  notebookPages
} from '../app/extensions.js';
import { appConfig, bundle, jupyterLabShared, packageVersion, type SharedPackages } from './app-bundle.js';
import { runMain } from './run-main.js';
import { settingsListing } from './settings-listing.js';
import { builtSiteDir as siteDir, packageDir } from './site.js';

const require = createRequire(import.meta.url);
const appDir = path.join(packageDir, 'app');
const generatedDir = path.join(packageDir, 'build', 'generated');
const staticDir = path.join(siteDir, 'build');

/** Plugins JupyterLite replaces or has no use for; the same list serves both UIs. */
const disabledExtensions = [
  // Replaced by @jupyterlite/services-extension's in-browser services.
  ...[
    'config-section-manager',
    'default-drive',
    'event-manager',
    'kernel-manager',
    'kernel-spec-manager',
    'nbconvert-manager',
    'session-manager',
    'setting-manager',
    'user-manager',
    'workspace-manager'
  ].map(name => `@jupyterlab/services-extension:${name}`),
  // Replaced by @jupyterlite/application-extension and @jupyterlite/apputils-extension.
  '@jupyterlab/application-extension:logo',
  // Writes open documents' paths into the URL (/lab/tree/...), which a static site
  // cannot serve; @jupyterlite/application-extension:opener reads ?path= instead.
  '@jupyterlab/application-extension:main',
  '@jupyterlab/application-extension:router',
  '@jupyterlab/apputils-extension:licenses-client',
  '@jupyterlab/apputils-extension:resolver',
  '@jupyterlab/docmanager-extension:download',
  '@jupyterlab/filebrowser-extension:download',
  '@jupyterlab/filebrowser-extension:share-file',
  '@jupyterlab/help-extension:about',
  '@jupyterlab/lsp-extension:plugin',
  '@jupyterlab/pluginmanager-extension:plugin',
  '@jupyterlab/translation-extension:translator-connector',
  // Replaced by @jupyterlite/notebook-application-extension (paths as ?path=).
  '@jupyter-notebook/application-extension:logo',
  '@jupyter-notebook/application-extension:opener',
  '@jupyter-notebook/application-extension:path-opener',
  '@jupyter-notebook/help-extension:about',
  // Server-only: folder URLs of a Jupyter server, the news feed.
  '@jupyterlab/application-extension:tree-resolver',
  '@jupyterlab/apputils-extension:announcements',
  // Swaps the tab icon for Jupyter Server's favicons, which no npm package ships.
  '@jupyter-notebook/notebook-extension:tab-icon',
  // The service worker only serves the Python kernel's file access; the site has none.
  '@jupyterlite/application-extension:service-worker-manager'
];

function siteConfig(): object {
  return {
    'jupyter-lite-schema-version': 0,
    'jupyter-config-data': {
      appName: 'JupyterLite',
      appVersion: packageVersion('@jupyterlite/application-extension'),
      baseUrl: './',
      appUrl: './lab',
      fullStaticUrl: './build',
      settingsUrl: './build/schemas',
      // JupyterLab joins this to baseUrl itself.
      themesUrl: 'build/themes',
      fullLabextensionsUrl: './extensions',
      defaultKernelName: 'javascript',
      terminalsAvailable: false,
      // Tests and the bridge's users drive the page through window.jupyterapp.
      exposeAppInBrowser: true,
      disabledExtensions,
      federated_extensions: [],
      settingsOverrides: {}
    }
  };
}

/** Every bundled extension module as a lazy import, so the bundler sees each one. */
function extensionsModule(): string {
  const requests = [
    ...allExtensionPackages(),
    ...Object.entries(mimeExtensions).map(([name, module]) => (module ? `${name}/${module}` : name))
  ];
  const lines = requests.map(
    request => `  ${JSON.stringify(request)}: () => import(${JSON.stringify(request)}),`
  );
  return `// Generated by src/build-site.ts from app/extensions.ts.\nexport const loaders = {\n${lines.join('\n')}\n};\n`;
}

/**
 * JupyterLab's packages, and JupyterLite's and Notebook's core packages, are offered
 * to prebuilt extensions through module federation; singletons must exist only once.
 */
function sharedPackages(): SharedPackages {
  const shared = jupyterLabShared();
  const appPackages = [
    '@jupyter-notebook/application',
    '@jupyter-notebook/tree',
    '@jupyter-notebook/ui-components',
    '@jupyterlite/application',
    '@jupyterlite/apputils',
    '@jupyterlite/contents',
    '@jupyterlite/kernel',
    '@jupyterlite/localforage',
    '@jupyterlite/server',
    '@jupyterlite/services',
    '@jupyterlite/types',
    '@jupyterlite/ui-components'
  ];
  for (const name of appPackages) {
    shared[name] = { requiredVersion: `~${packageVersion(name)}`, singleton: true };
  }
  return shared;
}

/** Collects CSS imports and settings schemas; returns the theme builds. */
function ensureAssets(): Configuration[] {
  const assets = (packageNames: string[], output: string) =>
    Build.ensureAssets({
      packageNames,
      output,
      schemaOutput: staticDir,
      themeOutput: staticDir
    }) as Configuration[];
  // Each UI gets the styles of its own extensions (generated/<ui>/style.js); the
  // schemas and themes of both go to the same folders.
  const mime = Object.keys(mimeExtensions);
  const themes = assets([...labExtensions, ...mime], path.join(generatedDir, 'lab'));
  assets([...notebookExtensions(), ...mime], path.join(generatedDir, 'notebook'));
  return themes;
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

async function writeSiteFiles(): Promise<void> {
  const page = await readFile(path.join(appDir, 'index.html'), 'utf8');
  const pages: Record<string, object> = {
    lab: {},
    ...Object.fromEntries(notebookPages.map(name => [name, { notebookPage: name }]))
  };
  for (const [name, config] of Object.entries(pages)) {
    await mkdir(path.join(siteDir, name), { recursive: true });
    await writeFile(path.join(siteDir, name, 'index.html'), page);
    await writeFile(
      path.join(siteDir, name, 'jupyter-lite.json'),
      json({ 'jupyter-lite-schema-version': 0, 'jupyter-config-data': config })
    );
  }
  await writeFile(path.join(siteDir, 'jupyter-lite.json'), json(siteConfig()));
  await writeFile(
    path.join(siteDir, 'index.html'),
    '<!doctype html>\n<meta charset="utf-8" />\n<meta http-equiv="refresh" content="0; url=lab/" />\n<title>JupyterLite</title>\n'
  );
  await mkdir(path.join(siteDir, 'extensions'), { recursive: true });

  const translations = path.join(siteDir, 'api', 'translations');
  await mkdir(translations, { recursive: true });
  await writeFile(
    path.join(translations, 'all.json'),
    json({ data: { en: { displayName: 'English', nativeName: 'English' } }, message: '' })
  );
  await writeFile(path.join(translations, 'en.json'), json({ data: {}, message: '' }));

  const schemasDir = path.join(staticDir, 'schemas');
  await writeFile(path.join(schemasDir, 'all.json'), json(await settingsListing(schemasDir)));
  // Filled in with the prebuilt extensions' schemas when they are installed.
  await writeFile(path.join(schemasDir, 'all_federated.json'), json([]));
  await copyFile(
    require.resolve('@jupyterlite/ui-components/style/icons/liteIcon.svg'),
    path.join(staticDir, 'favicon.svg')
  );
}

async function siteSize(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      files += 1;
      bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
    }
  }
  return { files, bytes };
}

async function main(): Promise<void> {
  const started = Date.now();
  await rm(path.join(packageDir, 'build'), { recursive: true, force: true });
  await mkdir(generatedDir, { recursive: true });

  const themeConfigs = ensureAssets();
  await writeFile(path.join(generatedDir, 'extensions.js'), extensionsModule());
  const app = appConfig({
    appDir,
    entryName: 'bootstrap',
    outputPath: staticDir,
    alias: { '@generated': generatedDir },
    shared: sharedPackages(),
    // The same site ships in the jupyter-live-mcp package (`lite`), so the tests load what ships.
    minimize: true,
    plugins: [
      // @jupyterlite/javascript-kernel-extension 0.3.0 imports logo PNGs that its npm
      // package lacks.
      new rspack.NormalModuleReplacementPlugin(/style[\\/]icons[\\/]logo-\d+x\d+\.png$/, resource => {
        if (resource.context.includes(`${path.sep}javascript-kernel-extension${path.sep}`)) {
          resource.request = path.join(appDir, 'javascript-kernel-logo.ts');
        }
      })
    ]
  });
  await bundle([app, ...themeConfigs], 'the JupyterLite site');
  await writeSiteFiles();

  const { files, bytes } = await siteSize(siteDir);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const megabytes = (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `JupyterLite site built into ${path.relative(process.cwd(), siteDir) || '.'} in ${seconds} s: ${files} files, ${megabytes} MB`
  );
}

runMain(main);
