/**
 * The package's bundling step: src/cli.ts with everything it imports (the protocol
 * package, the MCP SDK, ws, zod) in one dist/cli.js, so the npm package installs
 * with no dependencies and starts without resolving hundreds of modules; the
 * licences of the npm packages inside go to dist/THIRD-PARTY-LICENSES.txt.
 */
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundledPackageDirs, licenceNotice, type BundledPackage } from './bundled-packages.js';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const OUTFILE = path.join(PACKAGE_DIR, 'dist', 'cli.js');

async function readBundledPackage(dir: string): Promise<BundledPackage> {
  const manifest: unknown = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
  const { name, version, license } = (manifest ?? {}) as Record<string, unknown>;
  if (typeof name !== 'string' || typeof version !== 'string' || typeof license !== 'string') {
    throw new Error(`${dir}/package.json lacks a name, version or SPDX license string`);
  }
  const licenseFile = (await readdir(dir)).find((file) => /^licen[cs]e/i.test(file));
  if (!licenseFile) {
    throw new Error(`${name} (${dir}) has no LICENSE file, and its licence text must ship with the bundle`);
  }
  return { name, version, license, licenseText: await readFile(path.join(dir, licenseFile), 'utf8') };
}

const result = await build({
  absWorkingDir: PACKAGE_DIR,
  entryPoints: ['src/cli.ts'],
  outfile: OUTFILE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // CommonJS dependencies (ws among them) require() Node's own modules; an ES module has no require of its own.
  banner: {
    js: "import { createRequire as createBundleRequire } from 'node:module';\nconst require = createBundleRequire(import.meta.url);"
  },
  metafile: true,
  logLevel: 'warning'
});
await chmod(OUTFILE, 0o755);
const packages = await Promise.all(
  bundledPackageDirs(Object.keys(result.metafile.inputs)).map((dir) => readBundledPackage(path.resolve(PACKAGE_DIR, dir)))
);
await writeFile(path.join(PACKAGE_DIR, 'dist', 'THIRD-PARTY-LICENSES.txt'), licenceNotice(packages));
