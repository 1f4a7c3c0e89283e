// Builds and starts JupyterLab from its core extensions plus the prebuilt ones the
// server lists.
import { JupyterLab } from '@jupyterlab/application';
import { extensions as coreExtensions, mimeExtensions as coreMimeExtensions, type CoreExtension } from '@generated/core-extensions';

import type { FederatedExtension } from '@jupyter-live-mcp/jupyterlite-site/app-common/federation.ts';
import { buildApp, type ExtensionSource } from '@jupyter-live-mcp/jupyterlite-site/app-common/start-app.ts';

const everyPlugin = ({ name, load }: CoreExtension): ExtensionSource => ({ name, load, plugins: true });

export async function main(federated: FederatedExtension[]): Promise<void> {
  const lab = await buildApp({
    extensions: coreExtensions.map(everyPlugin),
    mimeExtensions: coreMimeExtensions.map(everyPlugin),
    federated,
    createApp: (options) => new JupyterLab(options)
  });
  await lab.start({ bubblingKeydown: true });
}
