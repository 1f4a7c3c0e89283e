// The page config of a JupyterLite site lives in jupyter-lite.json files, not in the
// HTML: one for the whole site and one per page folder (lab/, notebooks/, ...). They
// are merged the way JupyterLite merges them, so a site assembled here can be
// configured like any JupyterLite site. No shared package may be imported here:
// this runs before the module federation share scope is set up (see bootstrap.ts).
import type { FederatedExtension } from '../app-common/federation.ts';

export type PageConfigData = Record<string, unknown>;

interface LiteConfigFile {
  'jupyter-config-data'?: PageConfigData;
}

async function readConfigFile(url: URL): Promise<PageConfigData> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) {
    throw new Error(`could not read ${url.href}: HTTP ${response.status}`);
  }
  const data = ((await response.json()) as LiteConfigFile)['jupyter-config-data'] ?? {};
  return resolveRelativeUrls(data, url);
}

/** Options named `...Url` may be relative to the file that sets them, as in JupyterLite. */
function resolveRelativeUrls(data: PageConfigData, fileUrl: URL): PageConfigData {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) =>
      key.endsWith('Url') && typeof value === 'string' && value.startsWith('.') ? [key, new URL(value, fileUrl).href] : [key, value]
    )
  );
}

const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const asRecord = (value: unknown): Record<string, Record<string, unknown>> =>
  typeof value === 'object' && value !== null ? (value as Record<string, Record<string, unknown>>) : {};

/**
 * Later files win, except that lists of disabled plugins and of prebuilt extensions
 * add up (an extension listed twice keeps its last entry) and settings overrides
 * merge per plugin.
 */
export function mergeConfigs(configs: PageConfigData[]): PageConfigData {
  let merged: PageConfigData = {};
  for (const next of configs) {
    const extensions = new Map<string, FederatedExtension>();
    for (const extension of [
      ...asArray<FederatedExtension>(merged.federated_extensions),
      ...asArray<FederatedExtension>(next.federated_extensions)
    ]) {
      extensions.set(extension.name, extension);
    }
    const overrides = { ...asRecord(merged.settingsOverrides) };
    for (const [plugin, values] of Object.entries(asRecord(next.settingsOverrides))) {
      overrides[plugin] = { ...overrides[plugin], ...values };
    }
    merged = {
      ...merged,
      ...next,
      disabledExtensions: [...asArray<string>(merged.disabledExtensions), ...asArray<string>(next.disabledExtensions)],
      federated_extensions: [...extensions.values()],
      settingsOverrides: overrides
    };
  }
  return merged;
}

/**
 * Reads the site's and the page's jupyter-lite.json. The page's
 * `<script id="jupyter-config-data" data-jupyter-lite-root="..">` says where the site
 * root is, relative to the page.
 */
export async function loadPageConfig(element: HTMLElement): Promise<PageConfigData> {
  const root = element.dataset.jupyterLiteRoot ?? '.';
  const siteFile = new URL(`${root}/jupyter-lite.json`, window.location.href);
  const pageFile = new URL('jupyter-lite.json', window.location.href);
  const files = siteFile.href === pageFile.href ? [siteFile] : [siteFile, pageFile];
  return mergeConfigs(await Promise.all(files.map(readConfigFile)));
}
