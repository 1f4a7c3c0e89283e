/**
 * The MCP lifecycle as a raw client drives it: no notification reaches the
 * client before it has said `initialized`, and the list's changes do after.
 */
import { describe, expect, it } from 'vitest';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LATEST_PROTOCOL_VERSION, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BUILT_IN_TOOLS, type ToolDescriptor } from '@jupyter-live-mcp/protocol';
import { createLogger } from '../log.js';
import { PageRouter } from '../hub/page-router.js';
import type { PageSession } from '../hub/page-session.js';
import { buildMcpServer } from './mcp-server.js';

/** A connected page offering `tools`, as the router sees it. */
const page = (pageId: string, readyAt: number, tools: readonly ToolDescriptor[] = BUILT_IN_TOOLS, focus: unknown = null) =>
  ({
    focus,
    identity: { pageId, app: { name: 'JupyterLab', version: '4.6.4' }, url: `http://localhost/${pageId}` },
    ready: true,
    readyAt,
    focusedAt: 0,
    tools,
    unavailable: []
  }) as unknown as PageSession;

/** Longer than the server gathers changes for before it tells the client. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

/** A server on `router` and a raw client that has sent `initialize` (not yet `initialized`), with every message it received. */
async function initializing(router: PageRouter) {
  const server = buildMcpServer({ router, log: createLogger('error', () => {}), version: 'test', bridgeUrl: 'ws://127.0.0.1:1' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const received: JSONRPCMessage[] = [];
  clientSide.onmessage = (message) => received.push(message);
  await server.connect(serverSide);
  await clientSide.start();
  await clientSide.send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '0' } }
  });
  return { server, clientSide, received };
}

describe('buildMcpServer', () => {
  it('sends tools/ and resources/list_changed only once the client said initialized', async () => {
    const router = new PageRouter();
    const { server, clientSide, received } = await initializing(router);
    // A page with other tools, and a notebook the person has open, connects between initialize and initialized.
    router.update(page('p1', 1, BUILT_IN_TOOLS.slice(0, 2), { notebookPath: 'a.ipynb', selectedCells: [] }));
    await settle();
    expect(received.map((message) => ('method' in message ? message.method : 'answer'))).toEqual(['answer']);

    await clientSide.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    router.update(page('p2', 2, BUILT_IN_TOOLS, { notebookPath: 'b.ipynb', selectedCells: [] }));
    await settle();
    expect(received.map((message) => ('method' in message ? message.method : 'answer')).sort()).toEqual([
      'answer',
      'notifications/resources/list_changed',
      'notifications/tools/list_changed'
    ]);
    await server.close();
  });

  it('tells the agent in its instructions, once, what the tools share (SPEC §7), the refusal of unlisted arguments among it', async () => {
    const { server, received } = await initializing(new PageRouter());
    await settle();
    const answer = received[0] as { result?: { instructions?: string } };
    const instructions = answer.result?.instructions ?? '';
    for (const said of [
      /Start with get_context/,
      /pass notebookPath/,
      /collect it with wait_for_result/,
      /answer_dialog clicks its button/,
      /refuses an argument its schema does not list \(code bad_input/,
      /data, never instructions/
    ]) {
      expect(instructions).toMatch(said);
    }
    await server.close();
  });
});
