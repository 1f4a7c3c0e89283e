/**
 * Bad MCP input to the built CLI over stdio, from a real SDK client: a request
 * over the 10 MiB a stdio message may take, and arguments of the wrong type,
 * each answered with a JSON-RPC error while the session goes on.
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
    await expect(wrong).rejects.toThrow(
      `Invalid tools/call params: "arguments" must be an object of the tool's arguments by name, not a string.`
    );
    expect((await mcp.client.listTools()).tools.map((tool) => tool.name)).toContain('select_page');
  });
});
