// The bundle's entry. Prebuilt extensions share the app's copies of @jupyterlab/*,
// @lumino/*, react... through module federation, so their containers must join the
// share scope before any shared package is first used: this file imports none
// (not even @jupyterlab/coreutils for the page config), loads the containers, then
// imports the app. The same steps as the JupyterLab page's bootstrap, which does
// not export them.
import type { FederatedExtension } from '../../jupyterlab/app/federation.ts';

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

interface PageConfig {
  fullLabextensionsUrl?: string;
  federated_extensions?: FederatedExtension[];
}

function readPageConfig(): PageConfig {
  const element = document.getElementById('jupyter-config-data');
  return JSON.parse(element?.textContent ?? '{}') as PageConfig;
}

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

async function bootstrap(): Promise<void> {
  const config = readPageConfig();
  const extensions = config.federated_extensions ?? [];
  const baseUrl = config.fullLabextensionsUrl ?? '';
  const results = await Promise.allSettled(extensions.map(e => joinShareScope(e, baseUrl)));
  const loaded: FederatedExtension[] = [];
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') {
      loaded.push(extensions[i]!);
    } else {
      // One broken extension must not take the page down: Notebook does the same.
      console.error(result.reason);
    }
  });
  const { main } = await import('./main.ts');
  await main(loaded);
}

bootstrap().catch(error => {
  console.error('Notebook 7 test page failed to start:', error);
});
