/**
 * The kernel path on JupyterLab (kernel-path.ts), against the same code sent
 * straight to the same kernel: from Node on an open connection (the floor of
 * the target, direct-kernel.ts), from Node on a new connection each time
 * (what a tool that connects per call pays), and from inside the page on an
 * open connection (page-kernel.ts: the page's own path to the kernel).
 */
import type { BenchConfig } from '../config.js';
import { connectDirectKernel } from '../direct-kernel.js';
import { KERNEL_CODE, measureKernelPath } from '../kernel-path.js';
import type { BenchLab } from '../lab.js';
import { addCell, closeDocument, notebookWithKernel } from '../notebook-helpers.js';
import { connectPageKernel } from '../page-kernel.js';
import type { Report } from '../report.js';
import { timed } from '../stats.js';

const NOTEBOOK = 'bench-kernel.ipynb';

export async function kernelScenario(bench: BenchLab, config: BenchConfig, report: Report): Promise<void> {
  const kernelId = await notebookWithKernel(bench, NOTEBOOK);
  const cellId = await addCell(bench, NOTEBOOK, KERNEL_CODE);
  const direct = await connectDirectKernel(bench.lab.url, kernelId);
  const inPage = await connectPageKernel(bench.page, kernelId);
  try {
    await measureKernelPath(
      {
        section: 'kernel',
        bench,
        notebookPath: NOTEBOOK,
        cellId,
        kernelId,
        inPage,
        floors: [
          {
            name: `direct execute ${KERNEL_CODE} from Node (@jupyterlab/services, open connection)`,
            execute: async () => (await timed(() => direct.execute(KERNEL_CODE))).ms
          },
          {
            name: 'direct execute on a new connection each time',
            execute: async () => (await timed(() => direct.executeOnNewConnection(KERNEL_CODE))).ms
          },
          {
            name: 'direct execute in the page (requestExecute on an open connection, timed in the page)',
            execute: () => inPage.execute(KERNEL_CODE)
          }
        ],
        floorShortName: 'direct execute from Node'
      },
      config,
      report
    );
  } finally {
    await inPage.dispose();
    await direct.dispose();
    await closeDocument(bench.page, NOTEBOOK);
  }
}
