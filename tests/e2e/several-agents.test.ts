/**
 * Several agents with the README's configuration (SPEC §8): three MCP clients
 * each start the built CLI over stdio on the same bridge port with the same
 * pairing token. The first holds the port; the others join it and reach the
 * same page. Stopped in every order, the one left takes the port over and the
 * page reconnects to it by itself; a call running on the server that stops is
 * answered once, by it. A server that cannot join stays up and answers every
 * call with why.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLabWithAgent, startPageWithAgent, type PageKind, type PageWithAgent } from './support/lab-with-agent.js';
import { pairingConfig, startMcpSession, type McpSession } from './support/mcp-session.js';

/** Every order in which three running agents can stop (the first started holds the port). */
const STOP_ORDERS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0]
];

/** Another agent of the same user, as a second MCP client starts it: same port, same config folder. */
const anotherAgent = (first: McpSession) => startMcpSession({ port: first.port, configDir: first.configDir, token: first.token });

describe.each<PageKind>(['JupyterLab', 'Notebook 7', 'JupyterLite'])('three agents on one %s page', (kind) => {
  let setup: PageWithAgent;

  beforeAll(async () => {
    setup = await startPageWithAgent(kind);
    await setup.open();
  }, 180_000);

  afterAll(async () => {
    await setup?.stop();
  });

  it.each(STOP_ORDERS)('reach the page through the first, and keep it whatever order they stop in (%i, %i, %i)', async (...order) => {
    // The first agent of each round, holding the port the page's serverUrls names.
    const first = setup.mcp;
    const agents = [first, await anotherAgent(first), await anotherAgent(first)];
    try {
      for (const agent of agents.slice(1)) expect(agent.stderr()).toMatch(/joined it, so this agent reaches that server's pages/);
      for (const agent of agents) {
        expect(await agent.ok('get_context')).toMatchObject({ app: { name: expectedApp(kind) } });
      }
      const running = new Set(agents);
      for (const index of order) {
        await agents[index]!.close();
        running.delete(agents[index]!);
        // The ones left answer from the same page, whichever of them holds the port now.
        for (const agent of running) {
          expect(await agent.ok('get_context'), agent.stderr()).toMatchObject({ app: { name: expectedApp(kind) } });
        }
      }
    } finally {
      await Promise.all(agents.map((agent) => agent.close()));
      // The next round's first agent, on the same port: the page reconnects to it too (also after a failed
      // round, so that each round's failure is its own).
      setup.mcp = await anotherAgent(first);
      await setup.waitForPages(1);
    }
  });
});

describe('agents of their own on one JupyterLab', () => {
  it('each keeps its own page selection, across a takeover; a call running on the server that stops is answered once, by it', async () => {
    const setup = await startLabWithAgent();
    const agents: McpSession[] = [setup.mcp];
    try {
      await setup.open();
      await (await setup.page.context().newPage()).goto(setup.site.url);
      await setup.waitForPages(2);
      const [a, b] = [setup.mcp, await anotherAgent(setup.mcp)];
      agents.push(b);
      const pages = (await b.ok('select_page')).pages as { pageId: string }[];
      expect(pages).toHaveLength(2);
      await a.ok('select_page', { pageId: pages[0]!.pageId });
      await b.ok('select_page', { pageId: pages[1]!.pageId });
      expect((await a.ok('get_context')).page).toMatchObject({ pageId: pages[0]!.pageId });
      expect((await b.ok('get_context')).page).toMatchObject({ pageId: pages[1]!.pageId });

      const notebookPath = 'handover.ipynb';
      await b.ok('create_notebook', { name: notebookPath });
      // The kernel started and warm, so the call below takes its second and a half even on a loaded machine.
      await b.ok('run_cell', { notebookPath, cellId: (await b.ok('add_cell', { notebookPath, content: 'import time' })).cellId });
      const { cellId } = await b.ok('add_cell', { notebookPath, content: 'time.sleep(1.5)\nruns = globals().get("runs", 0) + 1' });
      const run = b.call('run_cell', { notebookPath, cellId });
      // The call is running in the page, sent there by the first server, when that one stops: it hands over once answered.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await a.close();
      const ran = (await run).result;
      expect(ran, `${JSON.stringify(ran)}\n${b.stderr()}\n--- the first:\n${a.stderr().slice(-3000)}`).toMatchObject({ success: true });
      expect(b.stderr()).toMatch(/taking the bridge port over/);
      // Ran once, on the page: not again by the server that took over.
      expect(await b.ok('execute_code', { kernelId: ran.kernelId, code: 'runs' })).toMatchObject({
        outputs: [expect.objectContaining({ data: { 'text/plain': '1' } })]
      });
      // The selection came along.
      expect((await b.ok('get_context')).page).toMatchObject({ pageId: pages[1]!.pageId });
    } finally {
      await Promise.all(agents.map((agent) => agent.close()));
      await setup.stop();
    }
  });
});

describe('a server that cannot join the holder of its port', () => {
  it('answers every call with why and the fix while another token holds it, and serves pages once the port is free', async () => {
    const holder = await startMcpSession();
    const other = await startMcpSession({ port: holder.port, ...(await pairingConfig()) });
    try {
      for (const tool of ['get_context', 'select_page']) {
        expect((await other.call(tool)).result).toMatchObject({
          success: false,
          code: 'no_page',
          error: expect.stringContaining(`This server cannot reach any page: port ${holder.port} on 127.0.0.1 is held by node (pid`)
        });
      }
      const { error } = (await other.call('get_context')).result as { error: string };
      expect(error).toContain('a jupyter-live-mcp server with another pairing token');
      expect(error).toContain('Give both servers the same config folder, or give this server --port <another port>');
      expect(other.stderr()).toContain('warn: This server cannot reach any page');
      await holder.close();
      await expect
        .poll(async () => (await other.call('select_page')).result, { timeout: 20_000, interval: 500 })
        .toMatchObject({ success: true });
    } finally {
      await holder.close();
      await other.close();
    }
  });

  it('says what other program holds the port', async () => {
    const squatter = createServer((_request, response) => response.end('not a jupyter-live-mcp'));
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const port = (squatter.address() as { port: number }).port;
    const agent = await startMcpSession({ port });
    try {
      expect((await agent.call('get_context')).result).toMatchObject({
        success: false,
        code: 'no_page',
        error: expect.stringMatching(
          /is held by node \(pid \d+: .*\), which is not a jupyter-live-mcp server this one can join \(it answered the join with HTTP 200\)\. Stop that program/
        )
      });
    } finally {
      await agent.close();
      squatter.close();
    }
  });
});

function expectedApp(kind: PageKind): string {
  return {
    JupyterLab: 'JupyterLab',
    'Notebook 7': 'Jupyter Notebook',
    JupyterLite: 'JupyterLite',
    'JupyterLab 4.0': 'JupyterLab',
    'Notebook 7.2': 'Jupyter Notebook'
  }[kind];
}
