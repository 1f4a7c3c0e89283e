/**
 * `scripts/pnpm soak`: 1,000 calls by default (tests/e2e/support/soak-run.ts)
 * against a real JupyterLab page, with a reload and a server restart among
 * them. Prints the verdicts, counted, and every problem; exits 1 if there was
 * one. The end-to-end suite runs a short soak of the same kind
 * (tests/e2e/soak.test.ts).
 *
 *   scripts/pnpm soak [--calls N] [--json FILE]
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { runSoak } from '../tests/e2e/support/soak-run.js';

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { calls: { type: 'string', default: '1000' }, json: { type: 'string' } }, strict: true });
  const total = Number(values.calls);
  if (!Number.isInteger(total) || total < 3) throw new Error('--calls takes a whole number of at least 3');
  log(
    `jupyter-live-mcp soak: ${total} calls, a page reload after ${Math.round(total / 3)}, a server restart after ${Math.round((2 * total) / 3)}`
  );
  const soak = await runSoak({ calls: total, progress: log });
  const lines = [
    `calls: ${soak.calls} in ${soak.seconds.toFixed(0)} s`,
    ...Object.entries(soak.verdicts).map(([verdict, n]) => `  ${String(n).padStart(5)}  ${verdict}`),
    ...Object.entries(soak.phases).map(
      ([phase, verdicts]) =>
        `${phase}: ${Object.entries(verdicts)
          .map(([verdict, n]) => `${verdict} ${n}`)
          .join(', ')}`
    ),
    `the page answered again ${(soak.backAfterReloadMs / 1000).toFixed(1)} s after the reload, ${(soak.backAfterRestartMs / 1000).toFixed(1)} s after the restart`,
    soak.problems.length ? `PROBLEMS (${soak.problems.length}):` : 'problems: none (0 lost, 0 misrouted, every failure a clear code)',
    ...soak.problems.map((text) => `  - ${text}`)
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (values.json) await writeFile(values.json, `${JSON.stringify(soak, null, 2)}\n`);
  process.exitCode = soak.problems.length ? 1 : 0;
}

main().catch((error: unknown) => {
  log(`soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
