import { describe, expect, it } from 'vitest';
import { callParamsProblem } from '../mcp/call-request.js';
import { bodyProblemOf, paramsProblemOf } from './message-problems.js';

const request = (method: string, params: unknown) => ({ jsonrpc: '2.0', id: 7, method, params });
const initializeParams = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } };

describe('params the SDK would refuse unclearly', () => {
  it('names the field of an initialize with wrong params, as invalid params', () => {
    expect(paramsProblemOf(request('initialize', { ...initializeParams, protocolVersion: 5 }))).toEqual({
      code: -32602,
      message: 'Invalid initialize params: "params.protocolVersion" must be a string, not a number.'
    });
    expect(paramsProblemOf(request('initialize', { protocolVersion: '2025-06-18' }))?.message).toBe(
      'Invalid initialize params: "params.capabilities" must be an object, not undefined.'
    );
    expect(paramsProblemOf(request('initialize', initializeParams))).toBeUndefined();
  });

  it('names a _meta of the wrong shape instead of calling the message not JSON-RPC', () => {
    expect(paramsProblemOf(request('tools/call', { name: 'x', _meta: { progressToken: {} } }))?.message).toBe(
      'Invalid tools/call params: "params._meta.progressToken" must be a string or a number, not an object.'
    );
    expect(paramsProblemOf(request('tools/call', { name: 'x', _meta: 3 }))?.message).toBe(
      'Invalid tools/call params: "params._meta" must be an object, not a number.'
    );
    expect(paramsProblemOf({ jsonrpc: '2.0', method: 'notifications/progress', params: { _meta: { progressToken: {} } } })?.code).toBe(
      -32602
    );
  });

  it('leaves alone what is not a request or notification in form, and valid requests', () => {
    const notRequests = [null, [], 'x', { jsonrpc: '1.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: {}, method: 'ping' }];
    for (const json of [...notRequests, request('tools/call', 'x'), request('tools/call', [1])]) {
      expect(paramsProblemOf(json)).toBeUndefined();
    }
    expect(paramsProblemOf({ jsonrpc: '2.0', id: 1, result: {} })).toBeUndefined();
    expect(paramsProblemOf(request('tools/call', { name: 'x', arguments: {} }))).toBeUndefined();
  });

  it('refuses an argument named __proto__, which zod would turn into a prototype and so drop', () => {
    expect(callParamsProblem(JSON.parse('{"name":"x","arguments":{"__proto__":{"a":1}}}'))).toBe(
      'no tool has an argument named "__proto__"'
    );
    expect(callParamsProblem({ name: 'x', arguments: { proto: 1 } })).toBeUndefined();
  });
});

describe('the body of an HTTP POST', () => {
  it("gives its first message's problem with that message's id, in a batch too, and nothing for good messages", () => {
    const bad = request('initialize', { ...initializeParams, protocolVersion: 5 });
    expect(bodyProblemOf(bad)).toMatchObject({ code: -32602, id: 7 });
    expect(bodyProblemOf([request('ping', {}), { ...request('tools/list', { _meta: 'x' }), id: 'b' }])).toMatchObject({ id: 'b' });
    expect(bodyProblemOf({ jsonrpc: '2.0', method: 'notifications/initialized', params: { _meta: 1 } })).toMatchObject({ id: null });
    expect(bodyProblemOf([request('ping', {}), request('initialize', initializeParams)])).toBeUndefined();
  });
});
