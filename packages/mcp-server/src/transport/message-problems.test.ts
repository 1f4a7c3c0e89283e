import { describe, expect, it } from 'vitest';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { callParamsProblem } from '../mcp/call-request.js';
import { bodyProblemOf, issueOf, paramsProblemOf } from './message-problems.js';

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

  it('says what an initialize got instead: null, an array, nothing', () => {
    expect(paramsProblemOf(request('initialize', { ...initializeParams, protocolVersion: null }))?.message).toBe(
      'Invalid initialize params: "params.protocolVersion" must be a string, not null.'
    );
    expect(paramsProblemOf(request('initialize', { ...initializeParams, capabilities: [] }))?.message).toBe(
      'Invalid initialize params: "params.capabilities" must be an object, not an array.'
    );
    expect(paramsProblemOf({ jsonrpc: '2.0', id: 1, method: 'initialize' })).toEqual({
      code: -32602,
      message: 'Invalid initialize params: "params" must be an object, not undefined.'
    });
    expect(paramsProblemOf(request('initialize', { ...initializeParams, capabilities: { tasks: true } }))?.message).toBe(
      'Invalid initialize params: "params.capabilities.tasks" must be an object, not a boolean.'
    );
  });

  it("says zod's own words for a problem that is not a wrong type", () => {
    const clientInfo = { name: 'c', version: '1', icons: [{ src: 'https://example.org/c.png', theme: 'blue' }] };
    expect(paramsProblemOf(request('initialize', { ...initializeParams, clientInfo }))?.message).toBe(
      'Invalid initialize params: "params.clientInfo.icons.0.theme": Invalid option: expected one of "light"|"dark".'
    );
  });

  it('names the whole params when they are of the wrong type, as a tools/call with params not an object is told', () => {
    expect(callParamsProblem(5)).toBe('params must be an object, not a number');
    expect(callParamsProblem({ name: 'x', arguments: [] })).toBe(
      `"arguments" must be an object of the tool's arguments by name, not an array`
    );
  });

  it('says "or" only for a union of plain types, and for any other union what zod says', () => {
    expect(issueOf(z.union([z.string(), z.number()]), true)).toBe('params must be a string or a number, not a boolean');
    expect(issueOf(z.union([z.string(), z.object({ a: z.string(), b: z.string() })]), {})).toBe('params: Invalid input');
    expect(issueOf(z.union([z.string(), z.literal('x')]), 5)).toBe('params: Invalid input');
    // A branch that refuses a field inside the value names no type of the value ("a string or a string" it was).
    expect(issueOf(z.union([z.string(), z.object({ a: z.string() })]), { a: 5 })).toBe('params: Invalid input');
  });

  it('says a value a schema reshaped is missing where the path does not run through an object', () => {
    const reshaped = z.preprocess(() => ({ a: { b: 'x' } }), z.object({ a: z.object({ b: z.number() }) }));
    expect(issueOf(reshaped, 5)).toBe('"a.b" must be a number, not undefined');
    expect(issueOf(reshaped, null)).toBe('"a.b" must be a number, not undefined');
  });

  it('names a _meta of the wrong shape instead of calling the message not JSON-RPC', () => {
    expect(paramsProblemOf(request('tools/call', { name: 'x', _meta: { progressToken: {} } }))?.message).toBe(
      'Invalid tools/call params: "params._meta.progressToken" must be a string or a number, not an object.'
    );
    expect(paramsProblemOf(request('tools/call', { name: 'x', _meta: 3 }))?.message).toBe(
      'Invalid tools/call params: "params._meta" must be an object, not a number.'
    );
    expect(paramsProblemOf({ jsonrpc: '2.0', method: 'notifications/progress', params: { _meta: { progressToken: {} } } })).toEqual({
      code: -32602,
      message: 'Invalid notifications/progress params: "params._meta.progressToken" must be a string or a number, not an object.'
    });
  });

  it('leaves alone what is not a request or notification in form, and valid requests', () => {
    const notRequests = [
      undefined,
      null,
      [],
      'x',
      5,
      { jsonrpc: '1.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: {}, method: 'ping' }
    ];
    for (const json of [...notRequests, request('tools/call', 'x'), request('tools/call', [1]), request('tools/call', null)]) {
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

  it("finds a problem in tools/call params exactly when the SDK's schema refuses them", () => {
    const params = [
      { name: 'x' },
      { name: 'x', arguments: {} },
      { name: 'x', arguments: { a: [1, { b: null }] } },
      { name: 'x', _meta: { progressToken: 'p1' } },
      { name: 'x', arguments: {}, _meta: { progressToken: 7 } },
      { name: 'x', _meta: { progressToken: 1.5 } },
      { name: 'x', _meta: { progressToken: null } },
      { name: 'x', _meta: {} },
      { name: 'x', _meta: { progressToken: 'p', other: 1 } },
      { name: 'x', _meta: 'm' },
      { name: 'x', task: { ttl: 1000 } },
      { name: 'x', task: 'later' },
      { name: 'x', extra: true },
      { name: 5 },
      { arguments: {} },
      { name: 'x', arguments: null },
      { name: 'x', arguments: 'a=1' },
      [],
      null
    ];
    for (const candidate of params) {
      expect(callParamsProblem(candidate) === undefined, JSON.stringify(candidate)).toBe(
        CallToolRequestSchema.shape.params.safeParse(candidate).success
      );
    }
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
