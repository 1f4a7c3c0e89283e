/**
 * A real MCP client (the SDK's Client) talking to the built CLI over stdio, as
 * an agent's client does.
 */
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const CLI_PATH = fileURLToPath(new URL('../../../packages/mcp-server/dist/cli.js', import.meta.url));

export interface McpSession {
  client: Client;
  port: number;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** Resolves at the next notifications/tools/list_changed. */
  nextListChanged(): Promise<void>;
  /** Calls a tool and returns its structured result (the result protocol object). */
  call(name: string, args?: Record<string, unknown>): Promise<{ raw: CallToolResult; result: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** A free loopback port for the bridge endpoint. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startMcpSession(options: { port?: number; args?: string[] } = {}): Promise<McpSession> {
  const port = options.port ?? (await freePort());
  const extraArgs = options.args ?? [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_PATH, '--port', String(port), '--log-level', 'debug', ...extraArgs],
    stderr: 'pipe'
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'jupyter-live-mcp-e2e', version: '0.0.0' });
  let listChangedWaiters: (() => void)[] = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    const waiters = listChangedWaiters;
    listChangedWaiters = [];
    waiters.forEach((resolve) => resolve());
  });
  await client.connect(transport);
  return {
    client,
    port,
    stderr: () => stderr,
    nextListChanged: () => new Promise((resolve) => listChangedWaiters.push(resolve)),
    async call(name, args = {}) {
      const raw = (await client.callTool({ name, arguments: args })) as CallToolResult;
      return { raw, result: raw.structuredContent as Record<string, unknown> };
    },
    close: () => client.close()
  };
}
