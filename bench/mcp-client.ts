/**
 * The agent's side: the SDK's Client on the built CLI over stdio, as in the
 * end-to-end tests, but at the CLI's default log level (what a person runs;
 * the tests' debug level writes a line per call) and with the server's pid, for
 * its memory.
 */
import { rm } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLI_PATH, freePort, pairingConfig } from '../tests/e2e/support/mcp-session.js';
import { CLI_NODE } from './config.js';
import { AnswerSizes, type LargestAnswers } from './largest-answers.js';

export interface CallOutcome {
  raw: CallToolResult;
  result: Record<string, unknown>;
  ms: number;
  /** Length of the result's JSON: what the agent reads (the text block, or structuredContent's JSON when a client is sent that alone). */
  textChars: number;
  /** Length of the whole MCP result as JSON (text, structuredContent, images): what crosses stdio. */
  mcpChars: number;
}

/** The pairing token a CLI reads from its config folder: several CLIs may share one, as on a person's machine. */
export interface BenchPairing {
  configDir: string;
  token: string;
}

export interface BenchClient {
  client: Client;
  port: number;
  pairing: BenchPairing;
  pid: number;
  stderr(): string;
  nextListChanged(): Promise<void>;
  call(name: string, args?: Record<string, unknown>): Promise<CallOutcome>;
  /** The largest answers since the last time this was asked. */
  takeLargestAnswers(): LargestAnswers;
  close(): Promise<void>;
}

/** Well above the slowest call measured here (a 10 MB output), below the bench's budget. */
const CALL_TIMEOUT_MS = 120_000;

/**
 * clientName: the name given in initialize, as a real client's, to be sent what that client is (result-form.ts);
 * shared: another client's pairing, which that client removes.
 */
export async function startBenchClient(clientName = 'jupyter-live-mcp-bench', shared?: BenchPairing): Promise<BenchClient> {
  const port = await freePort();
  const pairing = shared ?? (await pairingConfig());
  const { configDir } = pairing;
  const transport = new StdioClientTransport({
    command: CLI_NODE,
    args: [CLI_PATH, '--port', String(port)],
    env: { ...getDefaultEnvironment(), JUPYTER_LIVE_MCP_CONFIG_DIR: configDir },
    stderr: 'pipe'
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: clientName, version: '0.0.0' });
  let waiters: (() => void)[] = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    const woken = waiters;
    waiters = [];
    for (const resolve of woken) {
      resolve();
    }
  });
  await client.connect(transport);
  const answers = new AnswerSizes();
  return {
    client,
    port,
    pairing,
    pid: transport.pid!,
    stderr: () => stderr,
    nextListChanged: () => new Promise((resolve) => waiters.push(resolve)),
    async call(name, args = {}) {
      const started = performance.now();
      const raw = (await client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS })) as CallToolResult;
      const ms = performance.now() - started;
      const text = raw.content[0]?.type === 'text' ? raw.content[0].text : JSON.stringify(raw.structuredContent);
      const mcp = JSON.stringify(raw);
      answers.note(Buffer.byteLength(mcp), () => raw.structuredContent);
      return {
        raw,
        result: raw.structuredContent as Record<string, unknown>,
        ms,
        textChars: text.length,
        mcpChars: mcp.length
      };
    },
    takeLargestAnswers: () => answers.take(),
    async close() {
      await client.close();
      if (!shared) {
        await rm(configDir, { recursive: true, force: true });
      }
    }
  };
}
