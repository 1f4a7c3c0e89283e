/**
 * `scripts/pnpm screenshot`: remakes docs/images/agent-at-work.png, the README's
 * picture, from the scene the screenshot test plays (tests/e2e/support/
 * agent-at-work.ts) on the end-to-end setting: the built CLI, a real
 * JupyterLab page with the bridge in headless Chromium, paired.
 */
import { fileURLToPath } from 'node:url';
import { playAgentAtWork } from '../../tests/e2e/support/agent-at-work.js';
import { startLabWithAgent } from '../../tests/e2e/support/lab-with-agent.js';

const OUT = fileURLToPath(new URL('../../docs/images/agent-at-work.png', import.meta.url));

const lab = await startLabWithAgent();
try {
  await playAgentAtWork(lab);
  await lab.page.screenshot({ path: OUT });
  process.stdout.write(`wrote ${OUT}\n`);
} finally {
  await lab.stop();
}
