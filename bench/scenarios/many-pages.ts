/**
 * Many pages on one server: tabs on the same JupyterLab, each a page of its
 * own. Calls go round the pages, each preceded by select_page; get_context
 * names the page that answered, so a call answered by another page is counted
 * as misrouted. Sequential: select_page is the server's one selection, so two
 * agents' calls in flight at once may rightly go to either page.
 */
import type { BenchConfig } from '../config.js';
import type { BenchLab } from '../lab.js';
import { waitForQuietPage } from '../page-probes.js';
import { ms, p50p95, type Report } from '../report.js';
import { summarise } from '../stats.js';

export async function manyPagesScenario(bench: BenchLab, config: BenchConfig, report: Report): Promise<void> {
  // Before the other tabs, the bench's own page is the one calls go to.
  const benchPage = ((await bench.mcp.call('get_context')).result.page as { pageId: string }).pageId;
  const loading = performance.now();
  // One at a time: openTab waits until the server lists one more page.
  const tabs = [bench.page];
  for (let tab = 1; tab < config.pages; tab++) {
    tabs.push(await bench.openTab());
  }
  for (const tab of tabs) {
    await waitForQuietPage(tab);
  }
  report.add({
    section: 'pages',
    name: `${config.pages - 1} more tabs loaded, connected and settled`,
    value: ms(performance.now() - loading)
  });
  const pageIds = ((await bench.mcp.call('select_page')).result.pages as { pageId: string }[]).map((page) => page.pageId);
  if (pageIds.length !== config.pages) {
    throw new Error(`select_page lists ${pageIds.length} pages, not ${config.pages}`);
  }
  const select: number[] = [];
  const calls: number[] = [];
  let misrouted = 0;
  let lost = 0;
  for (let i = 0; i < config.pageCalls; i++) {
    const pageId = pageIds[i % pageIds.length]!;
    const selected = await bench.mcp.call('select_page', { pageId });
    select.push(selected.ms);
    try {
      const { result, ms: took } = await bench.mcp.call('get_context');
      calls.push(took);
      if (result.success !== true) {
        lost++;
      } else if ((result.page as { pageId?: string } | undefined)?.pageId !== pageId) {
        misrouted++;
      }
    } catch {
      lost++;
    }
  }
  // The scenarios after this one work in the bench's own page.
  await bench.mcp.call('select_page', { pageId: benchPage });
  const call = summarise(calls);
  report.add({
    section: 'pages',
    name: `get_context over ${config.pages} pages (${config.pageCalls} calls, round robin)`,
    value: p50p95(call),
    data: call
  });
  const selecting = summarise(select);
  report.add({ section: 'pages', name: `select_page before each`, value: p50p95(selecting), data: selecting });
  report.add({
    section: 'pages',
    name: 'lost / misrouted',
    value: `${lost} / ${misrouted}`,
    target: '0 / 0',
    met: lost === 0 && misrouted === 0
  });
}
