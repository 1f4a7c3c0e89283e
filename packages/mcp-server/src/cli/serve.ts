/**
 * `jupyter-live-mcp` itself: MCP over stdio (or --http) in front, the loopback
 * bridge endpoint behind, until the MCP client goes (stdio) or the server is
 * stopped (--http). lite runs the same server with its page beside it. Over
 * stdio, a server whose port another of ours holds joins it (agents/).
 */
import { runJoinableServer, startHosting, type HostSettings } from '../agents/joinable-server.js';
import type { LiteOptions } from '../lite/start-lite.js';
import { keepHeapSmall } from '../heap-release.js';
import { createLogger } from '../log.js';
import { httpBearer } from '../transport/http-auth.js';
import { StdioTransport } from '../transport/stdio-transport.js';
import { loadToken } from '../pairing/pairing-token.js';
import type { Command, RunContext } from './command.js';
import { parseFlags } from './flags.js';
import { SERVER_FLAGS, serverOptions, type ServerOptions } from './server-flags.js';

export const serveCommand: Command<ServerOptions> = {
  name: 'the server',
  flags: SERVER_FLAGS,
  parse: (args) => serverOptions(parseFlags(args, SERVER_FLAGS)),
  run: (options, context) => runServer(options, context)
};

export async function runServer(options: ServerOptions, { version, logLevel }: RunContext, liteOptions?: LiteOptions): Promise<void> {
  keepHeapSmall();
  const log = createLogger(logLevel);
  const token = await loadToken();
  const settings: HostSettings = {
    hosts: options.hosts,
    port: options.port,
    publicPorts: options.publicPorts,
    allowOrigins: options.allowOrigins,
    maxMessageBytes: options.maxMessageBytes,
    token,
    version,
    log,
    runsAs: liteOptions ? 'lite' : options.http ? 'http' : 'stdio',
    ...(liteOptions ? { lite: liteOptions } : {}),
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {})
  };
  if (options.http) {
    // No stdio here: the agents come and go, and the server runs until it is stopped. Its port is its own (no joining).
    const hosting = await startHosting(settings);
    // Loaded only here: the HTTP transport's modules touch the global Request at load, which makes Node load its
    // fetch implementation, ~12 MB that a stdio server never uses.
    const { startMcpHttpEndpoint } = await import('../transport/http-transport.js');
    const http = await startMcpHttpEndpoint({
      ...options.http,
      allowOrigins: options.allowOrigins,
      bearer: httpBearer(token),
      log,
      newServer: () => hosting.newServer({ agent: 'an --http session' })
    });
    process.stderr.write(`jupyter-live-mcp: MCP endpoint (Streamable HTTP): ${http.url}\n`);
    const stopHttp = async (signal: string) => {
      log.info(`stopping: ${signal}`);
      await http.close();
      await hosting.stop();
      process.exit(0);
    };
    process.once('SIGINT', () => void stopHttp('SIGINT'));
    process.once('SIGTERM', () => void stopHttp('SIGTERM'));
    return;
  }
  const transport = new StdioTransport({ log });
  // Several agents with one configuration: a busy port held by another of ours is joined, not fatal (agents/).
  const server = runJoinableServer(settings, transport);
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`stopping: ${why}`);
    await server.stop();
    process.exit(0);
  };
  // The MCP client owns our lifetime: when it closes stdin, we go.
  process.stdin.on('end', () => void stop('the MCP client closed stdin'));
  process.stdout.on('error', () => void stop('the MCP client closed stdout'));
  transport.onclose = () => void stop('the MCP transport closed');
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
