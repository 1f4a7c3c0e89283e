/**
 * Reads one package's import-bounds.json and src/ and checks them
 * (import-bounds.ts). A package without a rules file fails: its bounds would
 * go unchecked without a word.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkBounds, parseRules } from './import-bounds.js';

/** What breaks the bounds of the package in `packageDir` (relative to `repo`), one sentence each. */
export async function checkPackage(repo: string, packageDir: string): Promise<string[]> {
  const rulesFile = path.join(packageDir, 'import-bounds.json');
  let text: string;
  try {
    text = await readFile(path.join(repo, rulesFile), 'utf8');
  } catch {
    return [`${rulesFile} is missing: every checked package states its folders' bounds there (docs/architecture.md)`];
  }
  const rules = parseRules(text, rulesFile);
  const src = path.join(repo, packageDir, 'src');
  const sources = new Map<string, string>();
  for (const entry of await readdir(src, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      const file = path.join(entry.parentPath, entry.name);
      sources.set(path.relative(src, file).split(path.sep).join('/'), await readFile(file, 'utf8'));
    }
  }
  return checkBounds(sources, rules, `${packageDir}/src/`);
}
