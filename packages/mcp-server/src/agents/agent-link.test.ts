/**
 * One agent's MCP session across the places that serve it: held while there is
 * none, initialize replayed to a new one, and no tools/call run twice.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { AgentLink } from './agent-link.js';

const initialize = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } }
} as JSONRPCMessage;
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' } as JSONRPCMessage;
const call = (id: number, name: string) =>
  ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } }) as JSONRPCMessage;
const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' }) as JSONRPCMessage;
const answer = (id: number | string) => ({ jsonrpc: '2.0', id, result: {} }) as JSONRPCMessage;

function setup() {
  const toClient: JSONRPCMessage[] = [];
  const link = new AgentLink(
    (message) => toClient.push(message),
    (tool) => `lost ${tool}`
  );
  const sink = () => {
    const got: JSONRPCMessage[] = [];
    return { got, send: (message: JSONRPCMessage) => got.push(message) };
  };
  return { link, toClient, sink };
}

describe('AgentLink', () => {
  it('holds messages until there is a place to send them, then sends them in order', () => {
    const { link, sink } = setup();
    link.fromClient(initialize);
    link.fromClient(initialized);
    const first = sink();
    link.attach(first);
    expect(first.got).toEqual([initialize, initialized]);
  });

  it('replays the answered initialize to a new place, keeping its answer from the client', () => {
    const { link, sink, toClient } = setup();
    const first = sink();
    link.attach(first);
    link.fromClient(initialize);
    link.fromSink(answer(0));
    link.fromClient(initialized);
    link.detach();
    link.fromClient(list(1));
    const second = sink();
    link.attach(second);
    expect(second.got.map((m) => ('method' in m ? m.method : 'answer'))).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    const replayId = (second.got[0] as { id: string }).id;
    expect(replayId).not.toBe(0);
    link.fromSink(answer(replayId));
    expect(toClient).toEqual([answer(0)]);
  });

  it('answers a tools/call its place lost once, saying it may have run, and sends a lost tools/list again', () => {
    const { link, sink, toClient } = setup();
    link.attach(sink());
    link.fromClient(call(5, 'run_cell'));
    link.fromClient(list(6));
    link.detach();
    expect(toClient).toHaveLength(1);
    expect(toClient[0]).toMatchObject({
      id: 5,
      result: { isError: true, structuredContent: { success: false, code: 'page_disconnected', error: 'lost run_cell' } }
    });
    const next = sink();
    link.attach(next);
    expect(next.got).toEqual([list(6)]);
    expect(link.pending).toBe(1);
  });

  it('paused (a hub handing over), keeps new messages for the next place while the old one answers what it has', () => {
    const { link, sink, toClient } = setup();
    const hub = sink();
    link.attach(hub);
    link.fromClient(call(1, 'get_context'));
    link.pause();
    link.fromClient(call(2, 'get_context'));
    expect(hub.got).toEqual([call(1, 'get_context')]);
    link.fromSink(answer(1));
    link.detach();
    expect(toClient).toEqual([answer(1)]);
    const next = sink();
    link.attach(next);
    expect(next.got).toEqual([call(2, 'get_context')]);
  });
});
