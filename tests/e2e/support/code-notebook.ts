/**
 * A notebook of code cells that never ran, written and opened as each page
 * kind shows it: Notebook 7 shows one notebook per page (its own URL), so the
 * page opens on it; JupyterLab and JupyterLite write it through the agent and
 * open it in a tab.
 */
import type { PageKind, PageWithAgent } from './lab-with-agent.js';
import { waitFor } from './wait-for.js';

export interface PageKindWithKernel {
  kind: PageKind;
  kernel: string;
  language: string;
  /** A page that shows one notebook and holds others in memory (no tabs). */
  oneDocument: boolean;
}

/** The three page kinds the bridge's own tools are tested on, each with the kernel its site runs. */
export const PAGE_KINDS: readonly PageKindWithKernel[] = [
  { kind: 'JupyterLab', kernel: 'python3', language: 'python', oneDocument: false },
  { kind: 'Notebook 7', kernel: 'python3', language: 'python', oneDocument: true },
  { kind: 'JupyterLite', kernel: 'javascript', language: 'javascript', oneDocument: false }
];

/** The cells of the notebook in front, as the person sees them. */
export const SHOWN_CELLS = '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell';

export interface CodeCell {
  id: string;
  source: string;
}

/** The nbformat 4.5 text of code cells that never ran, for the kernel named. */
export const codeNotebook = ({ kernel, language }: { kernel: string; language: string }, cells: readonly CodeCell[]): string =>
  JSON.stringify({
    cells: cells.map(({ id, source }) => ({ cell_type: 'code', id, metadata: {}, source, outputs: [], execution_count: null })),
    metadata: { kernelspec: { name: kernel, display_name: kernel, language } },
    nbformat: 4,
    nbformat_minor: 5
  });

/**
 * Opens the page on a new notebook of `cells`, shown once its cells are.
 * `inTab: false` only writes it where the page has tabs, for a test that
 * opens it itself.
 */
export async function openCodeNotebook(
  setup: PageWithAgent,
  kind: Omit<PageKindWithKernel, 'kind'>,
  notebookPath: string,
  cells: readonly CodeCell[],
  { inTab = true }: { inTab?: boolean } = {}
): Promise<void> {
  const text = codeNotebook(kind, cells);
  if (kind.oneDocument) {
    await setup.openNotebook(notebookPath, text);
  } else {
    await setup.open();
    await setup.mcp.ok('write_file', { filePath: notebookPath, content: text });
    if (!inTab) {
      return;
    }
    await setup.mcp.ok('open_document', { path: notebookPath });
  }
  await waitFor('the notebook to show its cells', async () => (await setup.page.locator(SHOWN_CELLS).count()) === cells.length, 60_000);
}
