/**
 * Bad MCP input to the built CLI over stdio, from a real SDK client: a request
 * over the 10 MiB a stdio message may take, arguments of the wrong type or
 * named __proto__, a _meta of the wrong shape, each answered with a JSON-RPC error while the session goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { startMcpSession, type McpSession } from './support/mcp-session.js';

let mcp: McpSession;

beforeAll(async () => {
  mcp = await startMcpSession();
});

afterAll(async () => {
  await mcp?.close();
});

describe('bad MCP input over stdio', () => {
  it('answers a tools/call of 11 MiB with an error saying what to do, and goes on', async () => {
    const big = mcp.client.callTool({ name: 'select_page', arguments: { pageId: 'x'.repeat(11 * 1024 * 1024) } });
    await expect(big).rejects.toMatchObject({ code: ErrorCode.InvalidRequest });
    await expect(big).rejects.toThrow(/request of 11 MiB is over the 10 MiB .* in smaller parts/);
    expect(mcp.stderr()).toMatch(/refused an MCP message of 11 MiB/);
    expect(mcp.stderr()).not.toMatch(/stopping/);
    expect((await mcp.call('select_page')).result).toMatchObject({ success: true, pages: [] });
  });

  it('answers arguments that are not an object with invalid params, and goes on', async () => {
    const wrong = mcp.client.callTool({ name: 'select_page', arguments: 'pageId' as never });
    await expect(wrong).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
    // The client's McpError says the code once.
    await expect(wrong).rejects.toMatchObject({
      message: `MCP error -32602: Invalid tools/call params: "arguments" must be an object of the tool's arguments by name, not a string.`
    });
    expect((await mcp.client.listTools()).tools.map((tool) => tool.name)).toContain('select_page');
  });

  it('answers an argument named __proto__ and a _meta of the wrong shape with invalid params naming them, and goes on', async () => {
    const proto = mcp.client.callTool({ name: 'select_page', arguments: JSON.parse('{"__proto__":{"pageId":"x"}}') });
    await expect(proto).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
    await expect(proto).rejects.toThrow('Invalid tools/call params: no tool has an argument named "__proto__".');
    const meta = mcp.client.callTool({ name: 'select_page', arguments: {}, _meta: { progressToken: {} } } as never);
    await expect(meta).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
    await expect(meta).rejects.toThrow('"params._meta.progressToken" must be a string or a number, not an object');
    expect((await mcp.call('select_page')).result).toMatchObject({ success: true });
  });
});
