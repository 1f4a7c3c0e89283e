/**
 * The join channel on a real endpoint: a joiner of the same token gets an MCP
 * session of its own; one from a web page, or of another token, gets nothing;
 * a handover tells the joiner and waits for its call.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { JOIN_PATH, newToken, type Leaving } from '@jupyter-live-mcp/protocol';
import { PageRouter } from '../hub/page-router.js';
import { startTestEndpoint } from '../hub/test-endpoint.test-support.js';
import { createLogger } from '../log.js';
import { createHubJoins } from './hub-joins.js';
import { joinHub } from './join-hub.js';

const log = createLogger('error', () => {});
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A hub whose joined agents' sessions answer tools/list after `delayMs`, naming the agent. */
async function hub(token: string, delayMs = 0) {
  const agents: string[] = [];
  const joins = createHubJoins({
    token,
    serverVersion: 'test',
    maxMessageBytes: 1 << 20,
    log,
    newServer: (agent) => {
      agents.push(agent);
      const server = new Server({ name: 'hub', version: '1' }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, async () => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return { tools: [{ name: `for ${agent}`, inputSchema: { type: 'object' } }] };
      });
      return server;
    }
  });
  const endpoint = await startTestEndpoint({ token, router: new PageRouter(), joins });
  cleanups.push(() => endpoint.close());
  return { endpoint, joins, agents };
}

function join(port: number, token: string) {
  const received: JSONRPCMessage[] = [];
  const lost: (Leaving | undefined)[] = [];
  let left = false;
  const outcome = joinHub({
    host: '127.0.0.1',
    port,
    token,
    maxMessageBytes: 1 << 20,
    log,
    onMessage: (message) => received.push(message),
    onLeaving: () => {
      left = true;
    },
    onLost: (leaving) => lost.push(leaving)
  });
  return { outcome, received, lost, left: () => left };
}

const initialize: JSONRPCMessage = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } }
};

describe('the hub side of joining', () => {
  it('gives a joiner of the same token an MCP session of its own, named in its calls', async () => {
    const token = newToken();
    const { endpoint, joins, agents } = await hub(token);
    const joiner = join(endpoint.port, token);
    const outcome = await joiner.outcome;
    if (outcome.kind !== 'joined') throw new Error(JSON.stringify(outcome));
    cleanups.push(() => outcome.channel.close());
    expect(outcome.channel.hubPid).toBe(process.pid);
    outcome.channel.send(initialize);
    outcome.channel.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    outcome.channel.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await expect
      .poll(() => joiner.received.find((message) => 'id' in message && message.id === 2))
      .toMatchObject({
        result: { tools: [{ name: `for joined server pid ${process.pid}` }] }
      });
    expect(agents).toEqual([`joined server pid ${process.pid}`]);
    expect(joins.count).toBe(1);
  });

  it('is refused by a hub of another token, learning only that', async () => {
    const { endpoint, agents } = await hub(newToken());
    expect(await join(endpoint.port, newToken()).outcome).toEqual({ kind: 'failed', refusal: { kind: 'other-token' } });
    expect(agents).toEqual([]);
  });

  it('refuses a join from a web page (an Origin) before any message', async () => {
    const { endpoint } = await hub(newToken());
    const socket = new WebSocket(`ws://127.0.0.1:${endpoint.port}${JOIN_PATH}`, { headers: { origin: 'http://127.0.0.1:8888' } });
    const status = await new Promise((resolve) => {
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode));
      socket.on('open', () => resolve('open'));
      socket.on('error', () => {});
    });
    expect(status).toBe(403);
  });

  it('hands over: the joiner hears it, its call in flight is answered, then the channel closes', async () => {
    const token = newToken();
    const { endpoint, joins } = await hub(token, 300);
    const joiner = join(endpoint.port, token);
    const outcome = await joiner.outcome;
    if (outcome.kind !== 'joined') throw new Error(JSON.stringify(outcome));
    outcome.channel.send(initialize);
    outcome.channel.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await expect.poll(() => joiner.received.length).toBe(1);
    outcome.channel.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await joins.handOver(3);
    expect(joiner.left()).toBe(true);
    await expect.poll(() => joiner.lost).toEqual([{ type: 'leaving', pages: 3 }]);
    // Answered before the channel closed, not cut off by it.
    expect(joiner.received.some((message) => 'id' in message && message.id === 2 && 'result' in message)).toBe(true);
  });
});
