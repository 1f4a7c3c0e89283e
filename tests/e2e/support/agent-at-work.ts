/**
 * The README's picture as a scene: on a paired JupyterLab page an MCP client
 * creates a notebook, adds a plotting cell and a title above it, and runs both;
 * the scene is set once the plot is shown, the status item names the last
 * call and the kernel is idle. The screenshot test and `scripts/pnpm screenshot`
 * (which writes docs/images/agent-at-work.png) both play it.
 */
import type { LabWithAgent } from './lab-with-agent.js';

export const NOTEBOOK = 'damped-sine.ipynb';
export const VIEWPORT = { width: 1280, height: 800 };

/** Plain Python, so any Python kernel draws it: the plot is an SVG drawn by hand. */
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

export async function playAgentAtWork(lab: LabWithAgent): Promise<void> {
  await lab.page.setViewportSize(VIEWPORT);
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
}
