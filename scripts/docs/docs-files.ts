/**
 * The Markdown files the docs generator rewrites and whose links are checked:
 * README.md, BENCHMARKS.md, docs/*.md and the packages' READMEs, by their paths
 * from the repository root.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The READMEs that npm and PyPI show alone, on the package's page, where a relative link leads nowhere. */
export const PACKAGE_READMES: ReadonlySet<string> = new Set(['packages/mcp-server/README.md', 'packages/lab-bridge/python/README.md']);

export function docsFiles(): Map<string, string> {
  const paths = [
    'README.md',
    'BENCHMARKS.md',
    ...readdirSync(`${REPO_ROOT}docs`).flatMap((name) => (name.endsWith('.md') ? [`docs/${name}`] : [])),
    ...PACKAGE_READMES
  ];
  return new Map(paths.map((file) => [file, readFileSync(`${REPO_ROOT}${file}`, 'utf8')]));
}

export const existsInRepo = (repoPath: string): boolean => existsSync(`${REPO_ROOT}${repoPath}`);
