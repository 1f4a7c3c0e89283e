// The bundle's entry, the same for every page of the site. Prebuilt extensions share
// the app's copies of @jupyterlab/*, @lumino/*, react... through module federation, so
// their containers must join the share scope before any shared package is first used.
// That is why this file (and config.ts) import no shared package, not even
// @jupyterlab/coreutils: it writes the page config, loads the containers, then
// imports the page's app.
import type { FederatedExtension } from '../app-common/federation.ts';
import { loadFederated } from '../app-common/load-federated.ts';
import { loadPageConfig } from './config.ts';

async function bootstrap(): Promise<void> {
  const element = document.getElementById('jupyter-config-data');
  if (!element) {
    throw new Error('the page has no <script id="jupyter-config-data"> element');
  }
  const config = await loadPageConfig(element);
  // @jupyterlab/coreutils' PageConfig reads this element the first time it is asked.
  element.textContent = JSON.stringify(config);
  const federated = await loadFederated(
    (config.federated_extensions ?? []) as FederatedExtension[],
    String(config.fullLabextensionsUrl ?? '').replace(/\/$/, '')
  );
  if (config.notebookPage) {
    const { main } = await import('./notebook.ts');
    await main(federated);
  } else {
    const { main } = await import('./lab.ts');
    await main(federated);
  }
}

bootstrap().catch((error) => {
  console.error('JupyterLite failed to start:', error);
});
