/**
 * The built CLI over stdio with the SDK's Client on it, as an agent's client
 * runs it, through a transport that also lets raw lines in: JSON-RPC the SDK
 * would never send. A response to a raw request (a string id "fuzz-…") goes to
 * whoever wrote it; only responses to the Client's own (numbered) requests reach it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { CLI_PATH, freePort, pairingConfig } from '../mcp-session.js';

/** What a raw line got back. */
export type RawAnswer = { result?: unknown; error?: { code: number; message: string } };

export interface StdioAgent {
  client: Client;
  /** The bridge endpoint's port, and the token pages prove. */
  port: number;
  token: string;
  configDir: string;
  /** Set once the server process ended: how. */
  exit(): string | undefined;
  /** The last 64 kB of the server's stderr. */
  stderr(): string;
  /** Lines on stdout that were not JSON, and errors answered to no id. */
  strayOutput: { notJson: number; errorsWithoutId: number };
  /** Writes one line as it is. */
  writeLine(line: string): void;
  /** Resolves with the answer to the raw request `id`, or undefined if none came within `timeoutMs`. */
  answerTo(id: string, timeoutMs: number): Promise<RawAnswer | undefined>;
  /** Resolves once the process ended (or was ended after a SIGTERM grace). */
  close(): Promise<void>;
}

const STDERR_KEPT = 64 * 1024;

/** Ids of raw requests start so; the SDK Client numbers its own. */
export const RAW_ID_PREFIX = 'fuzz-';

export async function startStdioAgent(args: string[] = []): Promise<StdioAgent> {
  const port = await freePort();
  const { configDir, token } = await pairingConfig();
  const child = spawn(process.execPath, [CLI_PATH, '--port', String(port), ...args], {
    env: { ...getDefaultEnvironment(), JUPYTER_LIVE_MCP_CONFIG_DIR: configDir },
    stdio: ['pipe', 'pipe', 'pipe']
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT);
  });
  let exit: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = signal ? `killed by ${signal}` : `exit code ${code}`;
      resolve();
    })
  );
  // Writing to a server that died must not end the fuzzer.
  child.stdin!.on('error', () => {});

  const waiters = new Map<string, (answer: RawAnswer) => void>();
  const strayOutput = { notJson: 0, errorsWithoutId: 0 };
  const transport = new LineTransport(child, (message) => {
    const { id } = message as { id?: unknown };
    if (!('result' in message) && !('error' in message)) {
      return false;
    }
    if (typeof id === 'string' && id.startsWith(RAW_ID_PREFIX)) {
      waiters.get(id)?.(message as RawAnswer);
      waiters.delete(id);
    } else if (id === null || id === undefined) {
      strayOutput.errorsWithoutId++;
    }
    // The Client numbers its requests: any other answer is to a raw line.
    return typeof id !== 'number';
  });
  transport.onNotJson = () => strayOutput.notJson++;
  const client = new Client({ name: 'jupyter-live-mcp-fuzz', version: '0.0.0' });
  await client.connect(transport);

  return {
    client,
    port,
    token,
    configDir,
    exit: () => exit,
    stderr: () => stderr,
    strayOutput,
    writeLine: (line) => transport.writeLine(line),
    answerTo(id, timeoutMs) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(id);
          resolve(undefined);
        }, timeoutMs);
        waiters.set(id, (answer) => {
          clearTimeout(timer);
          resolve(answer);
        });
      });
    },
    async close() {
      await client.close().catch(() => {});
      if (exit === undefined) {
        child.kill('SIGTERM');
        const grace = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(grace);
      }
      await rm(configDir, { recursive: true, force: true });
    }
  };
}

/** Newline-delimited JSON-RPC on the child's stdin and stdout, as the SDK's stdio transport speaks it. */
class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  onNotJson?: () => void;
  private buffered = '';

  constructor(
    private readonly child: ChildProcess,
    /** Takes a message meant for someone else than the Client; true if it did. */
    private readonly intercept: (message: JSONRPCMessage) => boolean
  ) {}

  async start(): Promise<void> {
    this.child.stdout!.setEncoding('utf8');
    this.child.stdout!.on('data', (chunk: string) => this.read(chunk));
    this.child.once('exit', () => this.onclose?.());
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.writeLine(JSON.stringify(message));
  }

  writeLine(line: string): void {
    if (this.child.stdin!.writable) {
      this.child.stdin!.write(`${line}\n`);
    }
  }

  async close(): Promise<void> {
    this.child.stdin!.end();
  }

  private read(chunk: string): void {
    this.buffered += chunk;
    for (let end = this.buffered.indexOf('\n'); end >= 0; end = this.buffered.indexOf('\n')) {
      const line = this.buffered.slice(0, end);
      this.buffered = this.buffered.slice(end + 1);
      let message: JSONRPCMessage;
      try {
        message = JSON.parse(line) as JSONRPCMessage;
      } catch {
        this.onNotJson?.();
        continue;
      }
      if (!this.intercept(message)) {
        this.onmessage?.(message);
      }
    }
  }
}
