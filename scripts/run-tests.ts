/**
 * Runs vitest and ends with one plain line, "tests: N passed, N failed", that
 * any CI can read, and vitest's exit code.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const report = '.cache/vitest-report.json';
mkdirSync('.cache', { recursive: true });
const run = spawnSync(
  'node_modules/.bin/vitest',
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: 'inherit' }
);
let summary = 'tests: 0 passed, 0 failed';
try {
  const results = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number };
  summary = `tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed` + (results.numPendingTests ? `, ${results.numPendingTests} skipped` : '');
} catch {
  // No report: vitest failed before running tests; its own output says why.
}
console.log(summary);
process.exit(run.status ?? 1);
