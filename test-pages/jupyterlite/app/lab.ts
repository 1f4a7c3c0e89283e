// The Lab UI (lab/): JupyterLab with JupyterLite's in-browser services.
import '@generated/lab/style.js';

import { JupyterLab } from '@jupyterlab/application';

import type { FederatedExtension } from '../../jupyterlab/app/federation.ts';
import { labExtensions, mimeExtensions } from './extensions.ts';
import { startApp } from './start.ts';

export async function main(federated: FederatedExtension[]): Promise<void> {
  await startApp(
    {
      extensions: labExtensions.map(request => ({ request, plugins: true })),
      mimeExtensions: Object.entries(mimeExtensions).map(([name, module]) => ({
        request: module ? `${name}/${module}` : name,
        plugins: true
      }))
    },
    federated,
    // JupyterLab names itself after the page config's appName ("JupyterLite").
    options => new JupyterLab(options)
  );
}
