/**
 * `scripts/pnpm fuzz`: the fuzz suite against a live server (the built CLI),
 * by default 10,000 cases (tests/e2e/support/fuzz/). Prints what came back,
 * counted, and every broken invariant; exits 1 if one broke. The end-to-end
 * suite runs a few hundred of the same cases (tests/e2e/fuzz.test.ts).
 *
 *   scripts/pnpm fuzz [--cases N] [--seed S] [--json FILE]
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { runFuzz } from '../tests/e2e/support/fuzz/fuzz-run.js';

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { cases: { type: 'string', default: '10000' }, seed: { type: 'string', default: '1' }, json: { type: 'string' } },
    strict: true
  });
  const cases = Number(values.cases);
  const seed = Number(values.seed);
  if (!Number.isInteger(cases) || cases < 1 || !Number.isInteger(seed)) {
    throw new Error('--cases takes a positive whole number, --seed a whole number');
  }
  log(`jupyter-live-mcp fuzz: ${cases} cases, seed ${seed}`);
  const outcome = await runFuzz({ cases, seed, progress: log });
  const lines = [
    `cases: ${outcome.cases} in ${outcome.seconds.toFixed(0)} s (${(outcome.cases / outcome.seconds).toFixed(0)} per second), ${(outcome.bytesSent / 1e6).toFixed(0)} MB sent`,
    `kinds: ${Object.entries(outcome.kinds)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ')}`,
    `good calls: ${outcome.goodCalls.correct} of ${outcome.goodCalls.made} answered correctly, slowest ${outcome.goodCalls.slowestMs.toFixed(0)} ms`,
    'outcomes:',
    ...Object.entries(outcome.outcomes)
      .sort(([, a], [, b]) => b - a)
      .map(([what, n]) => `  ${String(n).padStart(6)}  ${what}`),
    'first example of each answer:',
    ...Object.entries(outcome.examples).map(([what, example]) => `  ${what}: ${example}`),
    outcome.problems.length
      ? `PROBLEMS (${outcome.problems.length}):`
      : 'problems: none (the server never exited, every request was answered in time, every good call was right)',
    ...outcome.problems.map((text) => `  - ${text}`)
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (values.json) {
    await writeFile(values.json, `${JSON.stringify(outcome, null, 2)}\n`);
  }
  process.exitCode = outcome.problems.length ? 1 : 0;
}

main().catch((error: unknown) => {
  log(`fuzz failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
