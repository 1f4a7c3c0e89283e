// Mutation testing of the pure modules (docs/development.md#mutation-testing): `scripts/pnpm mutate [package|file ...]`.
// Two workers at most: the run shares a small machine, and mutants of one file are few.
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  // Module-level mutants (constants, tables) are run against every test; the tests of the functions cover them.
  ignoreStatic: true,
  concurrency: 2,
  // The sandbox needs sources and tests only, not build outputs or test pages.
  ignorePatterns: ['.mutation', 'dist', 'lib', 'labextension', 'lite-site', 'build', '.pack', 'tests/e2e', 'test-pages', 'bench', '*.whl'],
  tempDirName: '.mutation/tmp',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: '.mutation/report.html' },
  jsonReporter: { fileName: '.mutation/report.json' },
  clearTextReporter: { allowEmojis: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 95, low: 90, break: null }
};
