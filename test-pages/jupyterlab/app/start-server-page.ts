// Starts a test page served by jupyter_server (JupyterLab, Notebook 7). Each page's
// bootstrap imports this module before any shared package is loaded, so it must
// import none itself.
import type { FederatedExtension } from '@jupyter-live-mcp/jupyterlite-site/app-common/federation.ts';
import { loadFederated } from '@jupyter-live-mcp/jupyterlite-site/app-common/load-federated.ts';

/** The page config a Jupyter server writes into the page's template. */
interface ServerPageConfig {
  fullLabextensionsUrl?: string;
  federated_extensions?: FederatedExtension[];
}

/**
 * Starts a page served by jupyter_server: loads the prebuilt extensions its page
 * config lists, then the app. `loadApp` is the page's own dynamic import, so the
 * bundler keeps the app (and every shared package) out of the entry chunk.
 */
export function startServerPage(title: string, loadApp: () => Promise<{ main(federated: FederatedExtension[]): Promise<void> }>): void {
  const start = async () => {
    const element = document.getElementById('jupyter-config-data');
    const config = JSON.parse(element?.textContent ?? '{}') as ServerPageConfig;
    const federated = await loadFederated(config.federated_extensions ?? [], config.fullLabextensionsUrl ?? '');
    const { main } = await loadApp();
    await main(federated);
  };
  start().catch((error) => {
    console.error(`${title} test page failed to start:`, error);
  });
}
