import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPackage } from './check-package.js';
import { checkBounds, cyclesOf, parseRules } from './import-bounds.js';

const RULES = parseRules(
  JSON.stringify({
    $comment: 'calls sits on ui; ui is a leaf',
    folders: {
      '.': { imports: ['*'] },
      calls: { imports: ['ui'], forbidPackages: ['@jupyterlab/*'] },
      ui: { imports: [] }
    }
  }),
  'import-bounds.json'
);

/** The package's files, with an empty src/index.ts unless given. */
const check = (files: Record<string, string>) => checkBounds(new Map(Object.entries({ 'index.ts': '', ...files })), RULES, 'src/');

describe('checkBounds', () => {
  it('passes imports the rules allow: its own folder, a listed folder, any package not forbidden', () => {
    expect(
      check({
        'index.ts': "import { run } from './calls/run.js';\nimport { show } from './ui/show.js';",
        'calls/run.ts': "import { show } from '../ui/show.js';\nimport { step } from './step.js';\nimport { z } from 'zod';",
        'calls/step.ts': 'export const step = 1;',
        'ui/show.ts': "import type { Widget } from '@lumino/widgets';"
      })
    ).toEqual([]);
  });

  it('fails an import of a folder the rules do not allow, naming the file, the import and the rule', () => {
    expect(
      check({
        'calls/run.ts': 'export const run = 1;',
        'ui/show.ts': "import type { Run } from '../calls/run.js';"
      })
    ).toEqual([`src/ui/show.ts imports '../calls/run.js' (folder "calls"), but folder "ui" may import only itself (import-bounds.json)`]);
  });

  it('fails a forbidden package, by its scope', () => {
    expect(check({ 'calls/run.ts': "import { JupyterFrontEnd } from '@jupyterlab/application';", 'ui/show.ts': '' })).toEqual([
      `src/calls/run.ts imports '@jupyterlab/application', which folder "calls" must not ("forbidPackages": "@jupyterlab/*", import-bounds.json)`
    ]);
  });

  it('fails an import cycle, type-only imports and re-exports included, and names its files in order', () => {
    expect(
      check({
        'calls/a.ts': "import type { B } from './b.js';",
        'calls/b.ts': "export { c } from './c.js';",
        'calls/c.ts': "import { a } from './a.js';",
        'ui/show.ts': ''
      })
    ).toEqual(['import cycle: src/calls/a.ts → src/calls/b.ts → src/calls/c.ts → src/calls/a.ts']);
  });

  it('exempts test files, so a test may reach any folder', () => {
    expect(check({ 'calls/run.ts': '', 'ui/show.ts': '', 'ui/show.test.ts': "import '../calls/run.js';" })).toEqual([]);
  });

  it('fails a folder with sources that the rules do not list, and a listed folder that is gone', () => {
    expect(check({ 'calls/run.ts': '', 'extra/x.ts': '' })).toEqual([
      'src/extra/ holds source files but has no entry in import-bounds.json: add it with the folders it may import',
      'import-bounds.json lists "ui", which holds no source file under src/: take it out'
    ]);
  });
});

describe('cyclesOf', () => {
  it('finds every cycle once, a file that imports itself included, and no acyclic path', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', []],
      ['e', ['e']]
    ]);
    expect(cyclesOf(graph)).toEqual([
      ['a', 'b', 'a'],
      ['e', 'e']
    ]);
  });
});

describe('parseRules', () => {
  it('refuses a rule that names a folder it does not list, or an unknown key', () => {
    expect(() => parseRules('{"folders":{".":{"imports":["calls"]}}}', 'x.json')).toThrow(
      'x.json: folder "." may import "calls", which is no folder listed there'
    );
    expect(() => parseRules('{"folders":{".":{"imports":[],"allow":[]}}}', 'x.json')).toThrow(
      'x.json: folder "." needs "imports": [folders] and may have "forbidPackages": [globs], nothing else'
    );
  });
});

describe('checkPackage', () => {
  it('reads a package from disk, and fails one without a rules file', async () => {
    const repo = await mkdtemp(path.join(tmpdir(), 'import-bounds-'));
    try {
      await mkdir(path.join(repo, 'pkg/src/ui'), { recursive: true });
      await writeFile(path.join(repo, 'pkg/src/ui/show.ts'), "import '../index.js';");
      await writeFile(path.join(repo, 'pkg/src/index.ts'), "import './ui/show.js';");
      expect(await checkPackage(repo, 'pkg')).toEqual([
        "pkg/import-bounds.json is missing: every checked package states its folders' bounds there (docs/architecture.md)"
      ]);
      await writeFile(
        path.join(repo, 'pkg/import-bounds.json'),
        JSON.stringify({ folders: { '.': { imports: ['ui'] }, ui: { imports: [] } } })
      );
      expect(await checkPackage(repo, 'pkg')).toEqual([
        `pkg/src/ui/show.ts imports '../index.js' (folder "."), but folder "ui" may import only itself (import-bounds.json)`,
        'import cycle: pkg/src/index.ts → pkg/src/ui/show.ts → pkg/src/index.ts'
      ]);
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });
});
