// JupyterLab 4.0 with every plugin of its core extensions plus the prebuilt ones.
import { JupyterLab } from '@jupyterlab/application';
import { extensions, loaders, mimeExtensions } from '@generated/extensions';

import type { FederatedExtension } from '../../../../packages/jupyterlite-site/app-common/federation.ts';
import { startOlderApp, type ExtensionSource } from '../../app/older-app.ts';

const everyPlugin = (name: string): ExtensionSource => ({ name, load: loaders[name]!, plugins: true });

export function main(federated: FederatedExtension[]): Promise<void> {
  return startOlderApp({
    extensions: extensions.map(everyPlugin),
    mimeExtensions: mimeExtensions.map(everyPlugin),
    federated,
    createApp: (mime) => new JupyterLab({ mimeExtensions: mime }),
    // Lumino 2.1.1's start has no bubblingKeydown option (which the 4.6 page passes).
    start: (app) => app.start()
  });
}
