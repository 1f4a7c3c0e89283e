import { describe, expect, it } from 'vitest';
import { docsFiles, existsInRepo, PACKAGE_READMES } from './docs-files.js';
import { generatedBlockNames, withGeneratedBlocks } from './generated-blocks.js';
import { brokenLinks, headingAnchors } from './relative-links.js';
import { markdownTable, resultCodeMeanings, TABLES } from './tables.js';

const files = docsFiles();

describe('the docs', () => {
  it.each([...files.keys()])('%s has its generated tables as the code makes them now (fix: scripts/pnpm run docs, and commit)', (file) => {
    const text = files.get(file) ?? '';
    expect(text, 'stale generated tables: run scripts/pnpm run docs and commit the result').toBe(withGeneratedBlocks(text, TABLES, file));
  });

  it('show every generated table somewhere', () => {
    const shown = new Set([...files.values()].flatMap(generatedBlockNames));
    expect(Object.keys(TABLES).filter((name) => !shown.has(name))).toEqual([]);
  });

  it('have no relative link that does not resolve, to a file or to a heading', () => {
    expect(brokenLinks(files, existsInRepo, PACKAGE_READMES)).toEqual([]);
  });
});

describe('the generator', () => {
  it('rewrites only between the markers, and names the tables when a block has an unknown name', () => {
    const text = 'a\n<!-- generated: x -->\nold\n<!-- end generated -->\nb\n';
    expect(withGeneratedBlocks(text, { x: () => 'new' }, 'f.md')).toBe('a\n<!-- generated: x -->\nnew\n<!-- end generated -->\nb\n');
    expect(() => withGeneratedBlocks(text, { y: () => '' }, 'f.md')).toThrow('f.md: no generated table "x"; the tables are y');
    const empty = '<!-- generated: x -->\n<!-- end generated -->\nkept\n<!-- generated: y -->\n<!-- end generated -->\n';
    expect(withGeneratedBlocks(empty, { x: () => 'X', y: () => 'Y' }, 'f.md')).toBe(
      '<!-- generated: x -->\nX\n<!-- end generated -->\nkept\n<!-- generated: y -->\nY\n<!-- end generated -->\n'
    );
  });

  it('escapes what would break a table cell, but not inside code', () => {
    expect(markdownTable(['a'], [['x | y <key> `<n>`']])).toBe('| a |\n|---|\n| x \\| y &lt;key> `<n>` |');
  });

  it("reads the result codes' meanings from their doc comments", () => {
    const source = "export const RESULT_CODES = [\n  /** One\n   * two. */\n  'a',\n  'b'\n] as const;";
    expect(resultCodeMeanings(source)).toEqual(new Map([['a', 'One two.']]));
  });
});

describe('relative links', () => {
  const check = (files: Record<string, string>, exists: string[] = []) =>
    brokenLinks(new Map(Object.entries(files)), (file) => exists.includes(file)).map((link) => `${link.target}: ${link.why}`);

  it('resolve to files next to the linking one, and to headings as GitHub names them', () => {
    expect(headingAnchors('# `jupyter-live-mcp lite`\n## Several agents at once: `--http`\n## Results\n## Results\n')).toEqual(
      new Set(['jupyter-live-mcp-lite', 'several-agents-at-once---http', 'results', 'results-1'])
    );
    const files = {
      'README.md': '[cli](docs/cli.md#flags) ![s](docs/images/s.png) [x](https://e.org) `[not](a link)`\n```\n[no](link)\n```\n',
      'docs/cli.md': '# Flags\n[back](../README.md) [here](#flags) [gone](#nowhere) [lost](missing.md) [out](../../x.md)'
    };
    expect(check(files, ['docs/images/s.png'])).toEqual([
      '#nowhere: docs/cli.md has no heading with the anchor #nowhere',
      'missing.md: docs/missing.md does not exist',
      '../../x.md: it leads out of the repository'
    ]);
  });

  it('are none at all in a file read alone, even to a file next to it; full URLs are fine', () => {
    const files = new Map([['pkg/README.md', '[licence](LICENSE) [site](https://e.org) `[not](a link)`']]);
    expect(brokenLinks(files, () => true, new Set(['pkg/README.md'])).map((link) => link.target)).toEqual(['LICENSE']);
  });
});
