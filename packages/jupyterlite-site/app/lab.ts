// The Lab UI (lab/): JupyterLab with JupyterLite's in-browser services.
import '@generated/lab/style.js';

import { JupyterLab } from '@jupyterlab/application';

import type { FederatedExtension } from '../app-common/federation.ts';
import { labExtensions } from './extensions.ts';
import { startApp } from './start.ts';

export async function main(federated: FederatedExtension[]): Promise<void> {
  await startApp(
    Object.fromEntries(labExtensions.map((request) => [request, true] as const)),
    federated,
    // JupyterLab names itself after the page config's appName ("JupyterLite").
    (options) => new JupyterLab(options)
  );
}
