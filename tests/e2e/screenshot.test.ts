/**
 * The README's picture, made by the tests: the scene of docs/images/
 * agent-at-work.png played on a real JupyterLab page, checked for what the
 * picture shows (the agent's two cells, the plot, the status item naming the
 * calls), and shot into test-results/ (`scripts/pnpm screenshot` writes the
 * committed copy).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTEBOOK, playAgentAtWork, VIEWPORT } from './support/agent-at-work.js';
import { startLabWithAgent, type LabWithAgent } from './support/lab-with-agent.js';

const SHOT = fileURLToPath(new URL('../../test-results/agent-at-work.png', import.meta.url));

let lab: LabWithAgent;

beforeAll(async () => {
  lab = await startLabWithAgent();
});

afterAll(async () => {
  await lab?.stop();
});

describe("the README's picture", () => {
  it('shows the notebook the agent made, its plot and the status item counting the calls', async () => {
    await playAgentAtWork(lab);
    const tab = lab.page.locator('.jp-NotebookPanel:visible');
    await expect.poll(() => tab.locator('.jp-Cell').count()).toBe(2);
    await expect.poll(() => tab.locator('.jp-MarkdownOutput h2').textContent()).toContain('A damped sine');
    expect(await tab.locator('.jp-OutputArea-output img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await lab.page.locator('.jp-live-mcp-status').textContent()).toMatch(/\d+ calls, last run_cell/);
    expect(await lab.page.locator('.lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current').textContent()).toContain(NOTEBOOK);
    const png = await lab.page.screenshot({ path: SHOT });
    // PNG's header names the size: what the README shows is the whole page at this size.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([VIEWPORT.width, VIEWPORT.height]);
  });
});
