/**
 * Runs vitest and ends with one plain line, "tests: N passed, N failed", that
 * any CI can read (plus the files that failed outside their tests, e.g. in beforeAll), and exits
 * with a failure if any run failed. With no arguments it runs the whole suite on the machine's
 * Node, then the tests of the CLI and of the ways people start it again on Node 24: MCP clients
 * start the CLI with the person's Node, and Debian's (20) is past its end of life. The line
 * counts both runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Run again on Node 24: the CLI's and the shared package's unit tests, and the end-to-end tests of starting and using the CLI. */
const NODE24_TESTS = [
  'packages/mcp-server/src',
  'packages/protocol/src',
  'tests/e2e/packed-tarball.test.ts',
  'tests/e2e/install.test.ts',
  'tests/e2e/default-tools.test.ts',
  'tests/e2e/http-transport.test.ts',
  'tests/e2e/conformance.test.ts',
  'tests/e2e/pairing.test.ts',
  'tests/e2e/lite.test.ts',
  'tests/e2e/try-lab.test.ts',
  'tests/e2e/doctor.test.ts',
  'tests/e2e/mcp-input.test.ts',
  'tests/e2e/fuzz.test.ts'
];

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: { status: string; assertionResults: { status: string }[] }[];
}

interface Outcome {
  status: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Files whose beforeAll, afterAll or import threw: they fail with no failed test of their own (their tests count as skipped). */
  failedOutsideTests: number;
}

mkdirSync('.cache', { recursive: true });

/** A run that wrote no report: vitest failed before running tests, and its own output says why. */
const notRun = (status: number): Outcome => ({ status: status || 1, passed: 0, failed: 0, skipped: 0, failedOutsideTests: 0 });

/** vitest with `args`; with `nodeBin`, the Node in that folder runs it and the CLIs the tests start. */
function vitest(args: string[], nodeBin?: string): Outcome {
  const report = '.cache/vitest-report.json';
  // An earlier run's report must not stand in for this one's.
  rmSync(report, { force: true });
  const env = nodeBin ? { ...process.env, PATH: `${nodeBin}${path.delimiter}${process.env.PATH ?? ''}` } : process.env;
  const run = spawnSync(
    'node_modules/.bin/vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    { stdio: 'inherit', env }
  );
  const status = run.status ?? 1;
  try {
    const results = JSON.parse(readFileSync(report, 'utf8')) as Report;
    return {
      status,
      passed: results.numPassedTests,
      failed: results.numFailedTests,
      skipped: results.numPendingTests,
      failedOutsideTests: results.testResults.filter(
        (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')
      ).length
    };
  } catch {
    return notRun(status);
  }
}

const args = process.argv.slice(2);
const runs = [vitest(args)];
let again = '';
if (args.length === 0) {
  const setup = spawnSync('scripts/node24-setup', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (setup.status === 0) {
    const nodeBin = setup.stdout.trim();
    const version = spawnSync(path.join(nodeBin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');
    console.log(`\nThe CLI's tests again, on Node ${version}:\n`);
    const onNode24 = vitest(NODE24_TESTS, nodeBin);
    runs.push(onNode24);
    again = ` (of them, ${onNode24.passed} on Node ${version}: the CLI's tests run again)`;
  } else {
    runs.push(notRun(1));
    again = ' (Node 24 could not be installed, see above, so the CLI was not tested on it)';
  }
}
const total = (key: keyof Outcome) => runs.reduce((sum, run) => sum + run[key], 0);
const outside = total('failedOutsideTests');
console.log(
  `tests: ${total('passed')} passed, ${total('failed')} failed` +
    (total('skipped') ? `, ${total('skipped')} skipped` : '') +
    (outside ? `; ${outside} file(s) failed outside their tests (see above)` : '') +
    again
);
process.exit(runs.some((run) => run.status !== 0) ? 1 : 0);
