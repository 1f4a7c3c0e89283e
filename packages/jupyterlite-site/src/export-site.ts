// Copies the built site to another folder with prebuilt labextensions installed, for a
// package that ships the site: jupyter-live-mcp's lite-site/, with the bridge. Pairing
// settings are not written: whoever serves the site adds them.
//   tsx packages/jupyterlite-site/src/export-site.ts OUT_DIR [--extension DIR ...]
import { cp, rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import { installExtensions } from './install-extensions.js';
import { runMain } from './run-main.js';
import { requireBuiltSite } from './site.js';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { extension: { type: 'string', multiple: true } },
    allowPositionals: true
  });
  const [outDir, ...extra] = positionals;
  if (!outDir || extra.length) {
    throw new Error('Usage: export-site.ts OUT_DIR [--extension DIR ...]');
  }
  const siteDir = await requireBuiltSite();
  await rm(outDir, { recursive: true, force: true });
  await cp(siteDir, outDir, { recursive: true });
  await installExtensions(outDir, values.extension ?? []);
}

runMain(main);
