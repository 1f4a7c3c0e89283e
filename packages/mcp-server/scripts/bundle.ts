/**
 * The package's bundling step: src/cli.ts with everything it imports (the protocol
 * package, the MCP SDK, ws, zod) in dist/cli.js and the chunks it loads, so the npm
 * package installs with no dependencies and starts without resolving hundreds of
 * modules; the licences of the npm packages inside go to dist/THIRD-PARTY-LICENSES.txt.
 */
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
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

/** The SDK's Ajv validator, which only elicitation uses, swapped for no-json-schema-validator.ts. */
const noJsonSchemaValidator: Plugin = {
  name: 'no-json-schema-validator',
  setup(build) {
    build.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, ({ importer }) =>
      importer.includes('@modelcontextprotocol/sdk')
        ? { path: path.join(PACKAGE_DIR, 'scripts', 'no-json-schema-validator.ts') }
        : undefined
    );
  }
};

const result = await build({
  absWorkingDir: PACKAGE_DIR,
  entryPoints: ['src/cli.ts'],
  outdir: path.dirname(OUTFILE),
  // What only some commands use (the --http transport, lite, install, doctor) is a chunk of its own, loaded by
  // import() when that command runs: an idle stdio server does not hold it. The chunks sit beside cli.js, so
  // package-dir.ts finds the package one level up from whichever chunk it lands in.
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Without comments the bundle is ASCII, which V8 keeps one byte a character (a single "—" in a comment made
  // the whole 1.1 MB source two bytes a character in the heap); names stay, so stack traces still read.
  minifyWhitespace: true,
  // CommonJS dependencies (ws among them) require() Node's own modules; an ES module has no require of its own.
  banner: {
    js: "import { createRequire as createBundleRequire } from 'node:module';\nconst require = createBundleRequire(import.meta.url);"
  },
  plugins: [noJsonSchemaValidator],
  metafile: true,
  logLevel: 'warning'
});
await chmod(OUTFILE, 0o755);
const packages = await Promise.all(
  bundledPackageDirs(Object.keys(result.metafile.inputs)).map((dir) => readBundledPackage(path.resolve(PACKAGE_DIR, dir)))
);
await writeFile(path.join(PACKAGE_DIR, 'dist', 'THIRD-PARTY-LICENSES.txt'), licenceNotice(packages));
