/**
 * Runs vitest and ends with one plain line, "tests: N passed, N failed", that
 * any CI can read (plus the files that failed outside their tests, e.g. in beforeAll), and vitest's exit code.
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
interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: { status: string; assertionResults: { status: string }[] }[];
}
let summary = 'tests: 0 passed, 0 failed';
try {
  const results = JSON.parse(readFileSync(report, 'utf8')) as Report;
  // A file whose beforeAll, afterAll or import throws fails with no failed test of its own
  // (its tests count as skipped), so the line names such files too.
  const filesFailedOutsideTests = results.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')
  ).length;
  summary =
    `tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed` +
    (results.numPendingTests ? `, ${results.numPendingTests} skipped` : '') +
    (filesFailedOutsideTests ? `; ${filesFailedOutsideTests} file(s) failed outside their tests (see above)` : '');
} catch {
  // No report: vitest failed before running tests; its own output says why.
}
console.log(summary);
process.exit(run.status ?? 1);
