/**
 * `scripts/pnpm screenshot`: remakes docs/images/agent-at-work.png, the README's
 * picture. The end-to-end setting (lab-with-agent.ts: the built CLI, a real
 * JupyterLab page with the bridge in headless Chromium, paired) with an MCP client
 * that creates a notebook, adds a title and a plotting cell and runs them; the
 * shot shows the page with the bridge's status item.
 */
import { fileURLToPath } from 'node:url';
import { startLabWithAgent } from '../../tests/e2e/support/lab-with-agent.js';

const OUT = fileURLToPath(new URL('../../docs/images/agent-at-work.png', import.meta.url));
const NOTEBOOK = 'damped-sine.ipynb';

/** Plain Python (the test page's kernel has no matplotlib): the plot is an SVG drawn by hand. */
const PLOT = `import math
from IPython.display import SVG

w, h = 640, 260
xs = [i / 299 * 6 * math.pi for i in range(300)]
y = lambda x: math.sin(x) * math.exp(-x / 8)
points = " ".join(f"{30 + x / (6 * math.pi) * (w - 60):.1f},{h / 2 - y(x) * (h / 2 - 20):.1f}" for x in xs)
SVG(f'''<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">
  <line x1="30" y1="{h / 2}" x2="{w - 30}" y2="{h / 2}" stroke="#aaa"/>
  <polyline points="{points}" fill="none" stroke="#1976d2" stroke-width="2.5"/>
</svg>''')`;

const lab = await startLabWithAgent();
try {
  await lab.page.setViewportSize({ width: 1280, height: 800 });
  await lab.open();
  await lab.openNewNotebook(NOTEBOOK);
  const code = await lab.mcp.ok('add_cell', { notebookPath: NOTEBOOK, content: PLOT });
  const title = await lab.mcp.ok('add_cell', {
    notebookPath: NOTEBOOK,
    cellType: 'markdown',
    content: '## A damped sine\n\nDrawn by the agent, in the notebook you have open.',
    position: 'above',
    referenceCellId: code.cellId
  });
  await lab.mcp.ok('run_cell', { notebookPath: NOTEBOOK, cellId: title.cellId });
  await lab.mcp.ok('run_cell', { notebookPath: NOTEBOOK, cellId: code.cellId });
  await lab.page.locator('.jp-OutputArea-output img').waitFor();
  await lab.page.locator('.jp-live-mcp-status', { hasText: 'last run_cell' }).waitFor();
  await lab.page.locator('#jp-main-statusbar', { hasText: '| Idle' }).waitFor();
  await lab.page.screenshot({ path: OUT });
  process.stdout.write(`wrote ${OUT}\n`);
} finally {
  await lab.stop();
}
