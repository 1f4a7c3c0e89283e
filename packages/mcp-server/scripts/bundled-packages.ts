/**
 * Which npm packages the bundled CLI holds (from esbuild's metafile) and the
 * licence notice the npm package ships for them.
 */

export interface BundledPackage {
  name: string;
  version: string;
  /** The SPDX expression in its package.json. */
  license: string;
  /** Its LICENSE file, which MIT, ISC and BSD licences ask to ship with copies of the code. */
  licenseText: string;
}

/**
 * The folders, each once and sorted, of the packages under node_modules that the
 * bundle's input files (esbuild metafile paths, `/`-separated) come from; the
 * project's own code (this package, the protocol package) is not under node_modules.
 */
export function bundledPackageDirs(inputs: Iterable<string>): string[] {
  const dirs = new Set<string>();
  for (const input of inputs) {
    const parts = input.split('/');
    // The innermost node_modules: a nested copy is a package of its own.
    const at = parts.lastIndexOf('node_modules');
    const name = parts[at + 1];
    if (at < 0 || name === undefined) {
      continue;
    }
    dirs.add(parts.slice(0, at + (name.startsWith('@') ? 3 : 2)).join('/'));
  }
  return [...dirs].sort();
}

export function licenceNotice(packages: readonly BundledPackage[]): string {
  const rule = '='.repeat(72);
  const sections = [...packages]
    .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version))
    .map((pkg) => `${rule}\n${pkg.name} ${pkg.version} (${pkg.license})\n${rule}\n\n${pkg.licenseText.trim()}\n`);
  return [
    `dist/cli.js of jupyter-live-mcp and the chunks it loads beside it contain code of the ${packages.length} npm packages below, each under its own licence, given after its name.\n`,
    ...sections
  ].join('\n');
}
