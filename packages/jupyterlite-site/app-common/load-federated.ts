// Every app's bootstrap imports this module before any shared package is loaded, so
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
    throw new Error(`prebuilt extension ${extension.name}: ${extension.load} did not define its container`);
  }
  await container.init(__webpack_share_scopes__.default);
}

/**
 * Loads the prebuilt extensions' containers from `<baseUrl>/<name>/`. One broken
 * extension must not take the page down, as in JupyterLab: it is logged and left out.
 */
export async function loadFederated(extensions: FederatedExtension[], baseUrl: string): Promise<FederatedExtension[]> {
  const results = await Promise.allSettled(extensions.map((e) => joinShareScope(e, baseUrl)));
  return extensions.filter((extension, i) => {
    const result = results[i]!;
    if (result.status === 'rejected') {
      console.error(`prebuilt extension ${extension.name} failed to load:`, result.reason);
    }
    return result.status === 'fulfilled';
  });
}
