// Bundles a JupyterLab-based app (this site's, and the JupyterLab and Notebook 7 test
// pages'): an app built against JupyterLab's packages that offers them to prebuilt
// extensions through module federation, as the real applications do.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration, type MultiStats, type RspackPluginInstance } from '@rspack/core';

const require = createRequire(import.meta.url);

interface CorePackage {
  resolutions: Record<string, string>;
  jupyterlab: {
    extensions: Record<string, string>;
    mimeExtensions: Record<string, string>;
    singletonPackages: string[];
  };
}
/** The JupyterLab release the pages and prebuilt extensions are built against. */
export const core = require('@jupyterlab/core-meta/core.package.json') as CorePackage;

// JupyterLab's own rules for CSS, SVG, fonts and Node fallbacks, the same ones
// prebuilt extensions are built with.
const baseConfig = require('@jupyter/builder/lib/webpack.config.base') as Configuration;

// Every app's bootstrap loads the prebuilt extensions with app-common/load-federated.ts.
const appCommonDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'app-common');

/** Resolved from the repo root's (hoisted) node_modules, where the builds find it. */
export function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

export type SharedPackages = Record<string, { requiredVersion: string; singleton: boolean }>;

/** Every package of the JupyterLab release; its singletons must exist only once. */
export function jupyterLabShared(): SharedPackages {
  const singletons = new Set(core.jupyterlab.singletonPackages);
  return Object.fromEntries(
    Object.entries(core.resolutions).map(([name, requiredVersion]) => [name, { requiredVersion, singleton: singletons.has(name) }])
  );
}

export interface AppConfigOptions {
  /** The page's app/ folder, holding bootstrap.ts. */
  appDir: string;
  /** Other folders of TypeScript the app imports, besides this package's app-common/. */
  sourceDirs?: string[];
  /** The entry script's name, as the page's HTML names it (`<entryName>.js`). */
  entryName: string;
  outputPath: string;
  alias: Record<string, string>;
  /**
   * A node_modules folder searched before the usual ones: a page built at another
   * JupyterLab release than the workspace's (test-pages/older-jupyter).
   */
  modulesDir?: string;
  /** The packages offered to prebuilt extensions. */
  shared: SharedPackages;
  plugins?: RspackPluginInstance[];
  /** Minify the bundle: for a site that ships (about half the size, several times the build time). */
  minimize?: boolean;
}

export function appConfig(options: AppConfigOptions): Configuration {
  return {
    ...baseConfig,
    mode: 'production',
    devtool: false,
    context: options.appDir,
    entry: { [options.entryName]: path.join(options.appDir, 'bootstrap.ts') },
    output: {
      ...baseConfig.output,
      path: options.outputPath,
      // Resolved from the entry script's own URL, so neither the server's static
      // prefix nor the page's folder needs configuring.
      publicPath: 'auto',
      // The page's HTML names the entry script; servers ask browsers to revalidate it.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash].js'
    },
    resolve: {
      ...baseConfig.resolve,
      alias: options.alias,
      ...(options.modulesDir ? { modules: [options.modulesDir, 'node_modules'] } : {})
    },
    module: {
      rules: [
        ...(baseConfig.module?.rules ?? []),
        {
          test: /\.ts$/,
          include: [options.appDir, appCommonDir, ...(options.sourceDirs ?? [])],
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
          type: 'javascript/auto'
        }
      ]
    },
    // Loopback test pages load as fast unminified and build in a fraction of the time.
    optimization: { minimize: options.minimize ?? false },
    performance: { hints: false },
    plugins: [
      ...(baseConfig.plugins ?? []),
      // V1, as @jupyter/builder builds the prebuilt extensions: the two must share
      // modules the same (webpack) way.
      new rspack.container.ModuleFederationPluginV1({
        name: 'CORE_FEDERATION',
        shared: options.shared
      }),
      ...(options.plugins ?? [])
    ]
  };
}

function run(configs: Configuration[]): Promise<MultiStats> {
  return new Promise((resolve, reject) => {
    const compiler = rspack(configs);
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) {
          reject(error);
        } else if (!stats) {
          reject(new Error('rspack returned no stats'));
        } else {
          resolve(stats);
        }
      });
    });
  });
}

/** Runs the builds; `what` names the failed one, e.g. 'the JupyterLab app'. */
export async function bundle(configs: Configuration[], what: string): Promise<void> {
  const stats = await run(configs);
  if (stats.hasErrors()) {
    console.error(stats.toString({ all: false, errors: true, colors: true }));
    throw new Error(`${what} build failed (errors above)`);
  }
}
