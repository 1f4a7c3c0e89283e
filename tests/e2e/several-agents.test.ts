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
    }
    // The next round's first agent, on the same port: the page reconnects to it too.
    setup.mcp = await anotherAgent(first);
    await setup.waitForPages(1);
  });
});

function expectedApp(kind: PageKind): string {
  return { JupyterLab: 'JupyterLab', 'Notebook 7': 'Jupyter Notebook', JupyterLite: 'JupyterLite' }[kind];
}
