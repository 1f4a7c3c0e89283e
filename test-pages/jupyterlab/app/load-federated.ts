// Every page's bootstrap imports this module before any shared package is loaded, so
// it must import none itself.

import type { FederatedExtension } from './federation.ts';

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

/**
 * Loads the prebuilt extensions' containers from `<baseUrl>/<name>/`. One broken
 * extension must not take the page down, as in JupyterLab: it is logged and left out.
 */
export async function loadFederated(
  extensions: FederatedExtension[],
  baseUrl: string
): Promise<FederatedExtension[]> {
  const results = await Promise.allSettled(extensions.map(e => joinShareScope(e, baseUrl)));
  return extensions.filter((extension, i) => {
    const result = results[i]!;
    if (result.status === 'rejected') {
      console.error(`prebuilt extension ${extension.name} failed to load:`, result.reason);
    }
    return result.status === 'fulfilled';
  });
}

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
export function startServerPage(
  title: string,
  loadApp: () => Promise<{ main(federated: FederatedExtension[]): Promise<void> }>
): void {
  const start = async () => {
    const element = document.getElementById('jupyter-config-data');
    const config = JSON.parse(element?.textContent ?? '{}') as ServerPageConfig;
    const federated = await loadFederated(
      config.federated_extensions ?? [],
      config.fullLabextensionsUrl ?? ''
    );
    const { main } = await loadApp();
    await main(federated);
  };
  start().catch(error => {
    console.error(`${title} test page failed to start:`, error);
  });
}
