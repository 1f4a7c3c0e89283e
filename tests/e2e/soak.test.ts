/**
 * The soak in CI: a short run of what `scripts/pnpm soak` runs 1,000 calls of
 * (support/soak-run.ts): calls four in flight to a real JupyterLab page, the
 * page reloaded and the server restarted among them.
 */
import { describe, expect, it } from 'vitest';
import { runSoak, SOAK_PHASES } from './support/soak-run.js';

describe('the soak', () => {
  it('150 calls across a reload and a server restart: none lost or misrouted, every failure a clear code', {
    timeout: 300_000
  }, async () => {
    const soak = await runSoak({ calls: 150 });
    expect(soak.problems).toEqual([]);
    // Both disruptions happened, and the page answered again after each.
    expect(soak.backAfterReloadMs).toBeGreaterThan(0);
    expect(soak.backAfterRestartMs).toBeGreaterThan(0);
    // Most calls are answered rightly in every phase: the page comes back after the reload and after the restart.
    for (const phase of SOAK_PHASES) {
      expect(soak.phases[phase]?.right ?? 0, phase).toBeGreaterThan(30);
    }
    console.info(`soak: ${soak.calls} calls in ${soak.seconds.toFixed(0)} s, ${JSON.stringify(soak.verdicts)}`);
  });
});
