/**
 * A real MCP client (the SDK's Client) talking to the built CLI over stdio, as
 * an agent's client does.
 */
import { createServer } from 'node:net';
import { expect } from 'vitest';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const CLI_PATH = fileURLToPath(new URL('../../../packages/mcp-server/dist/cli.js', import.meta.url));

export interface McpSession {
  client: Client;
  port: number;
  /** The pairing token the server proves; pages need it in their settings. */
  token: string;
  /** The server's config folder (JUPYTER_LIVE_MCP_CONFIG_DIR). */
  configDir: string;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** Resolves at the next notifications/tools/list_changed. */
  nextListChanged(): Promise<void>;
  /**
   * Resolves at the first list_changed after which the listed tool names pass `check`;
   * call it before the change. A notification of an earlier change still on its way is skipped.
   */
  listChangedUntil(check: (names: string[]) => boolean): Promise<void>;
  /** Calls a tool and returns its structured result (the result protocol object). */
  call(name: string, args?: Record<string, unknown>): Promise<{ raw: CallToolResult; result: Record<string, unknown> }>;
  /** Calls a tool, expects success (the test fails naming the call otherwise) and returns the result. */
  ok(name: string, args?: Record<string, unknown>): Promise<Record<string, unknown>>;
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

/** A config folder holding a pairing token, as the server writes it on first run. */
export async function pairingConfig(token = randomBytes(32).toString('hex')): Promise<{ configDir: string; token: string }> {
  const configDir = await mkdtemp(path.join(tmpdir(), 'jupyter-live-mcp-config-'));
  await writeFile(path.join(configDir, 'config.json'), JSON.stringify({ token }), { mode: 0o600 });
  return { configDir, token };
}

export async function startMcpSession(
  /**
   * cli: an installed jupyter-live-mcp executable to run instead of the built CLI; env: variables to set for it;
   * clientName: the name the client gives in initialize (a real client's, to see what that client is sent).
   */
  options: {
    port?: number;
    args?: string[];
    configDir?: string;
    token?: string;
    cli?: string;
    env?: Record<string, string>;
    clientName?: string;
  } = {}
): Promise<McpSession> {
  const port = options.port ?? (await freePort());
  const extraArgs = options.args ?? [];
  // A server reads its token from the config folder; a test that gives the folder also says what token is in it.
  const { configDir, token } =
    options.configDir && options.token ? { configDir: options.configDir, token: options.token } : await pairingConfig();
  const transport = new StdioClientTransport({
    command: options.cli ?? process.execPath,
    args: [...(options.cli ? [] : [CLI_PATH]), '--port', String(port), '--log-level', 'debug', ...extraArgs],
    env: { ...getDefaultEnvironment(), JUPYTER_LIVE_MCP_CONFIG_DIR: configDir, ...options.env },
    stderr: 'pipe'
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: options.clientName ?? 'jupyter-live-mcp-e2e', version: '0.0.0' });
  const agent = agentOf(client);
  await client.connect(transport);
  return { ...agent, port, token, configDir, stderr: () => stderr, close: () => client.close() };
}

/** What a test does with an MCP client, whatever its transport. */
export type McpAgent = Pick<McpSession, 'client' | 'nextListChanged' | 'listChangedUntil' | 'call' | 'ok'>;

/**
 * Above every pendingAfterSeconds the tests set (at most 120 s): a slow call
 * then answers as the page does (pending, with any dialog it opened), not with
 * the SDK client's own 60 s timeout, which says nothing of why.
 */
const CALL_TIMEOUT_MS = 150_000;

/** Watches a client's list_changed notifications; call before connecting it. */
export function agentOf(client: Client): McpAgent {
  let listChangedWaiters: (() => void)[] = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    const waiters = listChangedWaiters;
    listChangedWaiters = [];
    for (const resolve of waiters) {
      resolve();
    }
  });
  const call: McpAgent['call'] = async (name, args = {}) => {
    const raw = (await client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS })) as CallToolResult;
    return { raw, result: raw.structuredContent as Record<string, unknown> };
  };
  const nextListChanged = () => new Promise<void>((resolve) => listChangedWaiters.push(resolve));
  return {
    client,
    nextListChanged,
    async listChangedUntil(check) {
      let next = nextListChanged();
      for (;;) {
        await next;
        next = nextListChanged();
        if (check((await client.listTools()).tools.map((tool) => tool.name))) return;
      }
    },
    call,
    async ok(name, args = {}) {
      const { result } = await call(name, args);
      // The whole answer in the message: a failure's code and error are what says why.
      expect(result, `${name} ${JSON.stringify(args)} answered ${JSON.stringify(result).slice(0, 2000)}`).toMatchObject({
        success: true
      });
      return result;
    }
  };
}
