import { fileURLToPath } from 'node:url';

/**
 * The npm package's folder (package.json, labextension/, lite-site/): this module sits one
 * level below it both as src/package-dir.ts and inside the bundled dist/cli.js.
 */
export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
