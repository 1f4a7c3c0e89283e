/**
 * What ships builds from packages/ alone: no file in packages/ names test-pages/ or one of
 * its packages, in an import or wherever else a path or a package name goes (package.json
 * scripts and dependencies, tsconfig, paths put together in code, HTML and CSS).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const thisFile = fileURLToPath(import.meta.url);
const repoDir = path.resolve(path.dirname(thisFile), '../../..');
const testPagesDir = path.join(repoDir, 'test-pages');

// Installed modules and build outputs (the site, the bridge's labextension, the server's dist).
const notSources = new Set(['node_modules', 'dist', 'lib', 'build', 'labextension', 'lite-site']);
const codeExtensions = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs']);
const markupExtensions = new Set(['.html', '.css']);
const scanned = (file: string) => [...codeExtensions, ...markupExtensions, '.json'].includes(path.extname(file));

/** Every string a file holds where a path or package name can go, comments left out. */
function stringsOf(file: string, text: string): string[] {
  const extension = path.extname(file);
  if (codeExtensions.has(extension)) {
    const strings: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isTemplateLiteralToken(node)) {
        strings.push(node.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
    return strings;
  }
  if (extension === '.json') {
    // tsconfig files may hold comments; this parser takes those and plain JSON alike.
    const { config, error } = ts.parseConfigFileTextToJson(file, text);
    if (error) {
      throw new Error(`${file}: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
    }
    const strings: string[] = [];
    const visit = (value: unknown): void => {
      if (typeof value === 'string') {
        strings.push(value);
      } else if (typeof value === 'object' && value !== null) {
        for (const [key, inner] of Object.entries(value)) {
          // Dependencies are named by their keys.
          strings.push(key);
          visit(inner);
        }
      }
    };
    visit(config);
    return strings;
  }
  return markupExtensions.has(extension) ? [text] : [];
}

/** The words of `file` that name test-pages/ (a path through it) or one of its packages. */
function testPagesReferences(file: string, text: string, testPagePackages: readonly string[]): string[] {
  const words = stringsOf(file, text).flatMap((value) => value.split(/[\s'"`()<>=,;]+/));
  return words.filter(
    (word) => word.split(/[\\/]/).includes('test-pages') || testPagePackages.some((name) => word === name || word.startsWith(`${name}/`))
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return notSources.has(entry.name) ? [] : sourceFiles(file);
    }
    return entry.isFile() && scanned(file) ? [file] : [];
  });
}

/** The names of test-pages/' packages: a folder's package.json, or its sub-folders' (older-jupyter/lab, …). */
function testPagePackages(dir = testPagesDir, depth = 0): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || notSources.has(entry.name)) {
      return [];
    }
    const folder = path.join(dir, entry.name);
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest)) {
      return [(JSON.parse(readFileSync(manifest, 'utf8')) as { name: string }).name];
    }
    return depth === 0 ? testPagePackages(folder, depth + 1) : [];
  });
}

describe('packages/ stand alone', () => {
  const names = ['@jupyter-live-mcp/test-page-x'];

  it('sees test-pages/ in imports, dependencies, scripts and path strings', () => {
    const code = [
      "import { a } from '../../test-pages/x/src/a.js';",
      "const b = await import('@jupyter-live-mcp/test-page-x/b');",
      "const dir = path.join(repo, 'test-pages', 'x');",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a template literal in it, as test input.
      'const url = new URL(`../../${"x"}/test-pages/c`, import.meta.url);'
    ].join('\n');
    expect(testPagesReferences('a.ts', code, names)).toEqual([
      '../../test-pages/x/src/a.js',
      '@jupyter-live-mcp/test-page-x/b',
      'test-pages',
      '/test-pages/c'
    ]);
    const manifest = JSON.stringify({
      scripts: { build: 'tsc && tsx ../../test-pages/x/src/export.ts out' },
      devDependencies: { '@jupyter-live-mcp/test-page-x': 'workspace:*' }
    });
    expect(testPagesReferences('package.json', manifest, names)).toEqual([
      '../../test-pages/x/src/export.ts',
      '@jupyter-live-mcp/test-page-x'
    ]);
    expect(testPagesReferences('index.html', '<script src="../../test-pages/x.js"></script>', names)).toEqual(['../../test-pages/x.js']);
  });

  it('leaves comments, other packages and look-alike names alone', () => {
    const code = [
      '// Built like the test pages in test-pages/jupyterlab.',
      "import { c } from '@jupyter-live-mcp/test-page-xy';",
      "const d = 'my-test-pages/e';"
    ].join('\n');
    expect(testPagesReferences('a.ts', code, names)).toEqual([]);
  });

  it('no file in packages/ refers to test-pages/', () => {
    const names = testPagePackages();
    expect(names.length).toBeGreaterThan(0);
    const found = sourceFiles(path.join(repoDir, 'packages'))
      .filter((file) => file !== thisFile)
      .flatMap((file) =>
        testPagesReferences(file, readFileSync(file, 'utf8'), names).map((word) => `${path.relative(repoDir, file)}: ${word}`)
      );
    expect(found, 'what ships must build from packages/ alone: move what these need into packages/').toEqual([]);
  });
});
