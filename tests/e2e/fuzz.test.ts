/**
 * The fuzz suite in CI: a few hundred of the cases `scripts/pnpm fuzz` runs
 * 10,000 of (support/fuzz/), against the built CLI: hostile JSON-RPC lines over
 * stdio, hostile frames from a paired page, new sockets in every wrong order,
 * and a hostile page's answers, with good calls among them.
 */
import { describe, expect, it } from 'vitest';
import { runFuzz } from './support/fuzz/fuzz-run.js';

describe('the fuzz suite', () => {
  it('500 hostile cases: the server never exits, answers every request in time, and every good call rightly', {
    timeout: 600_000
  }, async () => {
    const outcome = await runFuzz({ cases: 500, seed: 2026 });
    expect(outcome.problems).toEqual([]);
    expect(outcome.cases).toBe(500);
    expect(outcome.goodCalls.correct).toBe(outcome.goodCalls.made);
    console.info(
      `fuzz: ${outcome.cases} cases in ${outcome.seconds.toFixed(0)} s, ${outcome.goodCalls.made} good calls right, ` +
        `${Object.entries(outcome.kinds)
          .map(([kind, n]) => `${kind} ${n}`)
          .join(', ')}`
    );
  });
});
