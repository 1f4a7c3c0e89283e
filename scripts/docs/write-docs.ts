/**
 * `scripts/pnpm run docs`: rewrites the generated tables in the Markdown files (docs-files.ts)
 * from the code (tables.ts) and reports relative links that do not resolve.
 * docs.test.ts fails when a committed table is stale.
 */
import { writeFileSync } from 'node:fs';
import { docsFiles, existsInRepo, PACKAGE_READMES, REPO_ROOT } from './docs-files.js';
import { withGeneratedBlocks } from './generated-blocks.js';
import { brokenLinks } from './relative-links.js';
import { TABLES } from './tables.js';

const files = docsFiles();
for (const [file, text] of files) {
  const fresh = withGeneratedBlocks(text, TABLES, file);
  if (fresh !== text) {
    writeFileSync(`${REPO_ROOT}${file}`, fresh);
    files.set(file, fresh);
    process.stdout.write(`rewrote the generated tables of ${file}\n`);
  }
}
const broken = brokenLinks(files, existsInRepo, PACKAGE_READMES);
for (const link of broken) {
  process.stderr.write(`${link.file}: the link ${link.target} does not resolve: ${link.why}\n`);
}
process.exitCode = broken.length ? 1 : 0;
