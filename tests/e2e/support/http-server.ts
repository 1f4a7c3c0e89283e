/**
 * The built CLI serving MCP over Streamable HTTP (--http), as a person starts
 * it for several agents, and real SDK clients connected to it over HTTP.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CLI_PATH, agentOf, freePort, pairingConfig, type McpAgent } from './mcp-session.js';

export interface HttpServer {
  /** The MCP URL the server printed. */
  url: string;
  /** The bridge endpoint's port. */
  port: number;
  token: string;
  /** The key clients send as Authorization: Bearer, as `token --bearer` prints it. */
  bearer: string;
  configDir: string;
  stderr(): string;
  /** A new MCP client connected to the server; each is its own MCP session. */
  connect(name: string): Promise<HttpAgent>;
  /** Stops the server with SIGTERM and waits for it to exit. */
  stop(): Promise<void>;
}

export interface HttpAgent extends McpAgent {
  /** The MCP session's id (the log names a session by its first 8 characters). */
  sessionId: string;
  /** Ends the MCP session (DELETE) and closes the client. */
  close(): Promise<void>;
}

/** `args` come after the server's own (e.g. lite --headless). */
export async function startHttpServer(args: string[] = []): Promise<HttpServer> {
  const port = await freePort();
  const { configDir, token } = await pairingConfig();
  const env = { ...process.env, JUPYTER_LIVE_MCP_CONFIG_DIR: configDir };
  const bearer = execFileSync(process.execPath, [CLI_PATH, 'token', '--bearer'], { env, encoding: 'utf8' }).trim();
  const child: ChildProcess = spawn(process.execPath, [CLI_PATH, '--port', String(port), '--http', '0', '--log-level', 'debug', ...args], {
    env,
    stdio: ['ignore', 'ignore', 'pipe']
  });
  let stderr = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server printed no MCP URL within 15 s; its stderr:\n${stderr}`)), 15_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /MCP endpoint \(Streamable HTTP\): (\S+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then(() => reject(new Error(`the server exited before printing its MCP URL; its stderr:\n${stderr}`)));
  });
  return {
    url,
    port,
    token,
    bearer,
    configDir,
    stderr: () => stderr,
    async connect(name) {
      const transport = new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${bearer}` } }
      });
      const client = new Client({ name, version: '0.0.0' });
      const agent = agentOf(client);
      await client.connect(transport);
      return {
        ...agent,
        sessionId: transport.sessionId ?? '',
        async close() {
          await transport.terminateSession();
          await client.close();
        }
      };
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    }
  };
}
