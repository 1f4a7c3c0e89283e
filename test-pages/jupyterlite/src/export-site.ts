// Copies the built site (../build/site) to another folder with prebuilt labextensions
// installed, for a package that ships the site: jupyter-live-mcp's lite-site/, with the
// bridge. Pairing settings are not written: whoever serves the site adds them.
//   tsx test-pages/jupyterlite/src/export-site.ts OUT_DIR [--extension DIR ...]
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { runMain } from '../../jupyterlab/src/script.js';
import { exists, installExtensions } from './install-extensions.js';

const builtSiteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'build', 'site');

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { extension: { type: 'string', multiple: true } },
    allowPositionals: true
  });
  const [outDir, ...extra] = positionals;
  if (!outDir || extra.length) {
    throw new Error('Usage: export-site.ts OUT_DIR [--extension DIR ...]');
  }
  if (!(await exists(path.join(builtSiteDir, 'jupyter-lite.json')))) {
    throw new Error(
      `The JupyterLite site is not built (${builtSiteDir} is missing). From the repo root, run: scripts/pnpm --filter @jupyter-live-mcp/test-page-jupyterlite build`
    );
  }
  await rm(outDir, { recursive: true, force: true });
  await cp(builtSiteDir, outDir, { recursive: true });
  await installExtensions(outDir, values.extension ?? []);
}

runMain(main);
