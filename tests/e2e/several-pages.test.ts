/**
 * Several pages connected to one server: two browser tabs on one JupyterLab.
 * Calls go to the selected page, else to the one the person used last; a page
 * keeps its id across reloads and socket reconnects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AI_COMMANDS_FIXTURE_DIR, startLabWithAgent, type LabWithAgent } from './support/lab-with-agent.js';
import { startMcpSession } from './support/mcp-session.js';
import { waitFor } from './support/wait-for.js';

let setup: LabWithAgent;
let tabB: Page;
let idA = '';
let idB = '';
/** A running python3 kernel, which both pages see. */
let kernelId = '';

/**
 * get_context's own fields (kernels, pending): with pendingAfterSeconds 1, a get_context slowed by a loaded
 * machine answers pending itself, and wait_for_result brings its result.
 */
async function wholeContext(): Promise<Record<string, unknown>> {
  const answer = await ok('get_context');
  return answer.pending === true ? ok('wait_for_result', { pendingId: answer.pendingId }) : answer;
}

beforeAll(async () => {
  setup = await startLabWithAgent({ extensions: [AI_COMMANDS_FIXTURE_DIR], bridgeSettings: { pendingAfterSeconds: 1 } });
  await setup.open();
  idA = ((await ok('get_context')).page as { pageId: string }).pageId;
  await ok('create_notebook', { name: 'kernel.ipynb' });
  tabB = await setup.browser.newPage();
  await tabB.goto(setup.site.url);
  // The second page brings the same tools, so no list_changed: wait until select_page lists it
  // (the server logs "page connected" at the token proof, before the page's catalogue makes it callable).
  await setup.waitForPages(2);
  idB = ((await ok('select_page')).pages as { pageId: string }[]).find((p) => p.pageId !== idA)!.pageId;
  kernelId = await waitFor('a kernel', async () => ((await wholeContext()).kernels as { id: string }[])[0]?.id);
});

afterAll(async () => {
  await setup?.stop();
});

const ok = (name: string, args?: Record<string, unknown>) => setup.mcp.ok(name, args);
const answeringPage = async () => ((await ok('get_context')).page as { pageId: string }).pageId;
/**
 * Resolves once calls without a selection go to `page`, clicking in it as the person
 * would (an empty part of its top bar, right of the menus) until the server heard: a
 * page reports focus at most once a second.
 */
const useLast = (page: Page, pageId: string) =>
  expect
    .poll(
      async () => {
        await page.mouse.click(900, 10);
        return answeringPage();
      },
      { timeout: 15_000 }
    )
    .toBe(pageId);
/** Whether get_context still lists the call as running. */
const stillRunning = async (pendingId: unknown) =>
  ((await wholeContext()).pending as { pendingId: string }[]).some((call) => call.pendingId === pendingId);
/** Starts the server anew on the same port (a new MCP session, with no selection); resolves once both pages are back. */
async function restartServer() {
  const { port, configDir, token } = setup.mcp;
  await setup.mcp.close();
  setup.mcp = await startMcpSession({ port, configDir, token });
  await setup.waitForPages(2);
}

describe('several pages', () => {
  it('select_page lists both pages with their app, URL and which one is current', async () => {
    const { pages } = await ok('select_page');
    expect(pages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          pageId: idA,
          app: { name: 'JupyterLab', version: '4.6.4' },
          url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/lab/)
        }),
        expect.objectContaining({ pageId: idB })
      ])
    );
    expect((pages as { current: boolean }[]).filter((p) => p.current)).toHaveLength(1);
    expect((await ok('get_context')).pages).toHaveLength(2);
  });

  it('without a selection, calls go to the page the person used last', async () => {
    await restartServer();
    await useLast(tabB, idB);
    await useLast(setup.page, idA);
  });

  it('select_page routes calls to the chosen page over the one used last, and the change shows only there', async () => {
    await restartServer();
    await useLast(setup.page, idA);
    expect(await ok('select_page', { pageId: idB })).toMatchObject({ selected: idB });
    expect(await answeringPage()).toBe(idB);

    await ok('create_notebook', { name: 'only-in-b.ipynb' });
    const tab = (page: Page) => page.locator('.lm-TabBar-tabLabel', { hasText: 'only-in-b.ipynb' }).count();
    await expect.poll(() => tab(tabB)).toBe(1);
    expect(await tab(setup.page)).toBe(0);

    const wrong = await setup.mcp.call('select_page', { pageId: 'page-nope' });
    expect(wrong.result).toMatchObject({ success: false, code: 'bad_input', error: expect.stringContaining(idA) });
  });

  it('a reloaded page keeps its id and stays selected', async () => {
    await ok('select_page', { pageId: idB });
    await tabB.reload();
    await expect.poll(async () => (await setup.mcp.call('get_context')).result.page, { timeout: 30_000 }).toMatchObject({ pageId: idB });
    expect(((await ok('select_page')).pages as unknown[]).length).toBe(2);
  });

  it('after a reload, a pending call that finished can still be collected; one cut off by the reload says so', async () => {
    await ok('select_page', { pageId: idB });
    const finished = await ok('execute_code', { kernelId, code: "import time\ntime.sleep(2)\nprint('before reload')" });
    expect(finished).toMatchObject({ pending: true });
    await expect.poll(() => stillRunning(finished.pendingId), { timeout: 30_000 }).toBe(false);
    const cutOff = await ok('execute_code', { kernelId, code: 'import time\ntime.sleep(4)' });
    expect(cutOff).toMatchObject({ pending: true });

    await tabB.reload();
    await expect.poll(async () => (await setup.mcp.call('get_context')).result.page, { timeout: 30_000 }).toMatchObject({ pageId: idB });
    expect(await ok('wait_for_result', { pendingId: finished.pendingId, seconds: 5 })).toMatchObject({
      status: 'ok',
      outputs: [expect.objectContaining({ text: 'before reload\n' })]
    });
    const lost = await setup.mcp.call('wait_for_result', { pendingId: cutOff.pendingId });
    expect(lost.result).toMatchObject({
      success: false,
      code: 'page_disconnected',
      error: expect.stringContaining('reloaded while "execute_code" was running')
    });
  });

  it('a pending call can be collected after the page reconnects to a restarted server', async () => {
    await ok('select_page', { pageId: idB });
    const first = await ok('execute_code', { kernelId, code: "import time\ntime.sleep(4)\nprint('collected')" });
    expect(first).toMatchObject({ pending: true });

    await restartServer();
    // The new server has no selection: pick the page that holds the call.
    await ok('select_page', { pageId: idB });
    const final = await ok('wait_for_result', { pendingId: first.pendingId, seconds: 20 });
    expect(final).toMatchObject({ status: 'ok', outputs: [expect.objectContaining({ text: 'collected\n' })] });
  });
});
