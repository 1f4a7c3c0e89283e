/**
 * `jupyter-live-mcp lite --headless` as MCP clients run it: it answers
 * initialize and tools/list while its browser starts (the first page call waits
 * for the page); a second lite with the same ports joins the first and reaches
 * its page; when the first stops it saves the agent's unsaved notebooks (they
 * would go with its browser) and the second takes its site over, finding them
 * in the browser storage of that port. With --no-save-on-stop, the stop names
 * what it left unsaved.
 */
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startMcpSession, type McpSession } from './support/mcp-session.js';
import { waitForPageContext, waitUntilGone } from './support/lite-page.js';

const LITE = fileURLToPath(new URL('../../scripts/lite', import.meta.url));
const sessions: McpSession[] = [];

afterAll(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  for (const session of sessions) {
    await waitUntilGone(session.configDir).catch(() => {});
    await rm(session.configDir, { recursive: true, force: true });
  }
});

async function startLite(args: string[], shared?: McpSession): Promise<McpSession> {
  const session = await startMcpSession({
    cli: LITE,
    args: ['--headless', ...args],
    ...(shared ? { port: shared.port, configDir: shared.configDir, token: shared.token } : {})
  });
  sessions.push(session);
  return session;
}

/** A notebook with an added cell the page has not saved. */
async function unsavedNotebook(agent: McpSession, name: string, content: string): Promise<void> {
  await agent.ok('create_notebook', { name });
  await agent.ok('add_cell', { notebookPath: name, content });
  const widgets = (await agent.ok('get_context')).widgets as { path?: string; dirty?: boolean }[];
  expect(widgets).toContainEqual(expect.objectContaining({ path: name, dirty: true }));
}

describe('jupyter-live-mcp lite --headless for several agents', () => {
  it('answers initialize and tools/list before its page has connected; the first call waits for the page', async () => {
    const spawned = performance.now();
    const lite = await startLite(['--lite-port', String(await freePort())]);
    const initialized = performance.now() - spawned;
    const { tools } = await lite.client.listTools();
    const listed = performance.now() - spawned;
    // The browser is still on its way: nothing has connected yet.
    expect(lite.stderr()).not.toContain('page connected');
    expect(tools.map((tool) => tool.name)).toContain('get_context');
    const context = await lite.ok('get_context');
    const firstCall = performance.now() - spawned;
    expect(context).toMatchObject({ app: { name: 'JupyterLite' } });
    console.info(
      `lite --headless from spawn: initialize ${Math.round(initialized)} ms, tools/list ${Math.round(listed)} ms, ` +
        `first get_context (waited for the page) ${Math.round(firstCall)} ms`
    );
    await lite.close();
  });

  it('lets a second lite join the first; the first saves the unsaved notebook on stop and the second takes its site over', async () => {
    const litePort = String(await freePort());
    const first = await startLite(['--lite-port', litePort]);
    const second = await startLite(['--lite-port', litePort], first);
    expect(second.stderr()).toMatch(/joined it, so this agent reaches that server's pages/);
    const [a, b] = await Promise.all([waitForPageContext(first), waitForPageContext(second)]);
    expect(b.page).toEqual(a.page);

    await unsavedNotebook(second, 'joined.ipynb', '6 * 7');
    await first.close();
    expect(first.stderr()).toContain('saved joined.ipynb in the lite page before stopping');
    // The second serves the site now, in a browser of its own on the same storage.
    const context = await waitForPageContext(second);
    expect(context.page).not.toEqual(a.page);
    expect(second.stderr()).toMatch(/taking the bridge port over[\s\S]*lite: JupyterLite with the bridge/);
    expect(await second.ok('read_notebook', { notebookPath: 'joined.ipynb' })).toMatchObject({
      cells: expect.arrayContaining([expect.objectContaining({ source: '6 * 7' })])
    });
  });

  it('with --no-save-on-stop, says on stop which notebooks it left unsaved', async () => {
    const lite = await startLite(['--lite-port', String(await freePort()), '--no-save-on-stop']);
    await waitForPageContext(lite);
    await unsavedNotebook(lite, 'left.ipynb', '1 + 1');
    await lite.close();
    expect(lite.stderr()).toContain(
      'stopping with unsaved changes in the lite page, which go with its browser: left.ipynb (not saved, as asked). ' +
        'lite was started with --no-save-on-stop.'
    );
  });
});
