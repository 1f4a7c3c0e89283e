// The bundle's entry, the same for every page of the site. Prebuilt extensions share
// the app's copies of @jupyterlab/*, @lumino/*, react... through module federation, so
// their containers must join the share scope before any shared package is first used.
// That is why this file (and config.ts) import no shared package, not even
// @jupyterlab/coreutils: it writes the page config, loads the containers, then
// imports the page's app.
import type { FederatedExtension } from '../../jupyterlab/app/federation.ts';
import { loadPageConfig, type PageConfigData } from './config.ts';

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${url}`));
    script.async = true;
    script.src = url;
    document.head.appendChild(script);
  });
}

async function joinShareScope(extension: FederatedExtension, baseUrl: string): Promise<void> {
  await loadScript(`${baseUrl}/${extension.name}/${extension.load}`);
  await __webpack_init_sharing__('default');
  const container = window._JUPYTERLAB?.[extension.name];
  if (!container) {
    throw new Error(
      `prebuilt extension ${extension.name}: ${extension.load} did not define its container`
    );
  }
  await container.init(__webpack_share_scopes__['default']);
}

/** Loads the prebuilt extensions' containers; one that fails is logged and left out. */
async function loadFederated(config: PageConfigData): Promise<FederatedExtension[]> {
  const extensions = (config['federated_extensions'] ?? []) as FederatedExtension[];
  const baseUrl = String(config['fullLabextensionsUrl'] ?? '').replace(/\/$/, '');
  const results = await Promise.allSettled(extensions.map(e => joinShareScope(e, baseUrl)));
  return extensions.filter((extension, i) => {
    const result = results[i]!;
    if (result.status === 'rejected') {
      console.error(`prebuilt extension ${extension.name} failed to load:`, result.reason);
    }
    return result.status === 'fulfilled';
  });
}

async function bootstrap(): Promise<void> {
  const element = document.getElementById('jupyter-config-data');
  if (!element) {
    throw new Error('the page has no <script id="jupyter-config-data"> element');
  }
  const config = await loadPageConfig(element);
  // @jupyterlab/coreutils' PageConfig reads this element the first time it is asked.
  element.textContent = JSON.stringify(config);
  const federated = await loadFederated(config);
  if (config['notebookPage']) {
    const { main } = await import('./notebook.ts');
    await main(federated);
  } else {
    const { main } = await import('./lab.ts');
    await main(federated);
  }
}

bootstrap().catch(error => {
  console.error('JupyterLite failed to start:', error);
});
