// Where this package's build puts the site, bare (no prebuilt extension installed), for
// those who copy it: the server's build (export-site.ts) and the JupyterLite test page.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { exists } from './install-extensions.js';

export const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Laid out as build-site.ts describes. */
export const builtSiteDir = path.join(packageDir, 'build', 'site');

/** The built site's folder, or an error that says how to build it. */
export async function requireBuiltSite(): Promise<string> {
  const siteConfigFile = path.join(builtSiteDir, 'jupyter-lite.json');
  if (!(await exists(siteConfigFile))) {
    throw new Error(
      `The JupyterLite site is not built (${siteConfigFile} is missing). From the repo root, run: scripts/pnpm --filter @jupyter-live-mcp/jupyterlite-site build`
    );
  }
  return builtSiteDir;
}
