// Starts a JupyterLab-based app (the Lab UI's JupyterLab, the Notebook UI's
// NotebookApp) from bundled extensions plus the prebuilt ones the site lists, the way
// JupyterLite's own pages do: JupyterLite's service plugins sit in the plugin registry
// and provide the in-browser service manager the app is created with.
import type { JupyterFrontEnd } from '@jupyterlab/application';
import { loaders } from '@generated/extensions';

import type { FederatedExtension } from '../app-common/federation.ts';
import { buildApp, type AppOptions, type ExtensionSource, type PluginSelection } from '../app-common/start-app.ts';
import { mimeExtensions } from './extensions.ts';

/** Loads `request` (a package, or `<package>/<module>` for a mime extension's own module). */
function bundled(request: string, plugins: PluginSelection): ExtensionSource {
  const load = loaders[request];
  if (!load) {
    throw new Error(`${request} is not in the bundle: add it to app/extensions.ts and rebuild`);
  }
  const name = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0]!;
  return { name, plugins, load };
}

/**
 * Builds the app from the page's extensions (by import specifier, in order: later
 * plugins may replace earlier ones' services), the site's mime extensions and the
 * prebuilt ones, then starts it.
 */
export async function startApp(
  extensions: Record<string, PluginSelection>,
  federated: FederatedExtension[],
  createApp: (options: AppOptions) => JupyterFrontEnd
): Promise<void> {
  const app = await buildApp({
    extensions: Object.entries(extensions).map(([request, plugins]) => bundled(request, plugins)),
    mimeExtensions: Object.entries(mimeExtensions).map(([name, module]) => bundled(module ? `${name}/${module}` : name, true)),
    federated,
    createApp
  });
  await app.start({ bubblingKeydown: true });
}
